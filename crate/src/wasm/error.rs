//! The engine's errors as the page receives them: a JavaScript `Error` whose message is
//! the English sentence, with `code` and `args` (an [`Explained`]) beside it, so that the
//! page can say it in its own language (`errorText` in www/js/dom.js).

use crate::explain::Explain;
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// `e` thrown to the page: its English message, its code and its values.
pub(crate) fn thrown(e: &impl Explain) -> JsValue {
    let error = js_sys::Error::new(&e.to_string());
    let explained = e.explain();
    // plain objects, not Maps: the page reads args by name and posts them between workers
    let args = explained.args.serialize(&serde_wasm_bindgen::Serializer::json_compatible());
    if let Ok(args) = args {
        // setting a property of a fresh Error cannot fail; if it did, the English remains
        let _ = js_sys::Reflect::set(&error, &"code".into(), &explained.code.into());
        let _ = js_sys::Reflect::set(&error, &"args".into(), &args);
    }
    error.into()
}

/// `e` as a plain object `{message, code, args}` (the `Explained` type): a note, not thrown.
pub(crate) fn plain(e: &impl Explain) -> Result<JsValue, JsError> {
    #[derive(Serialize)]
    struct Plain {
        message: String,
        #[serde(flatten)]
        explained: crate::explain::Explained,
    }
    let plain = Plain { message: e.to_string(), explained: e.explain() };
    Ok(plain.serialize(&serde_wasm_bindgen::Serializer::json_compatible())?)
}
