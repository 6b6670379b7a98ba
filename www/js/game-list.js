// @ts-check
// One entry of the page's lists of games ("My games" under Records, "My best games" under
// Search): a line that opens the game, and × that takes it off the list.

/**
 * @param {{ text: string, title: string, open: () => void, removeLabel: string, remove: () => void }} item
 * @returns {HTMLLIElement}
 */
export function gameItem({ text, title, open, removeLabel, remove }) {
  const li = document.createElement("li");
  const opener = document.createElement("button");
  opener.type = "button";
  opener.className = "link-button";
  opener.textContent = text;
  opener.title = title;
  opener.addEventListener("click", open);
  const del = document.createElement("button");
  del.type = "button";
  del.className = "icon-button";
  del.setAttribute("aria-label", removeLabel);
  del.textContent = "×";
  del.addEventListener("click", remove);
  li.append(opener, del);
  return li;
}
