//! What a search prints at its end, on the command line and on MPI alike: the best game
//! (drawn and as a link, so it is never lost), whether `--out` holds it, and `--json`'s
//! object.

use crate::search::{Prepared, Report};
use crate::search_options::shown_name;
use crate::{plural, print_summary, Quit};
use morpion::formats::{self, link, Format};
use morpion::nrpa::{Config, Method};
use morpion::{Game, Meta};
use std::io::Write;

/// The end of a search: the best game printed (so that it is never lost), saved with
/// `--out`, the JSON line with `--json` (and `extra`'s fields).
pub(crate) fn finish(
    p: Prepared,
    report: Report,
    extra: Option<serde_json::Value>,
    o: &mut impl Write,
) -> Result<(), Quit> {
    let Prepared { root, config, threads, json, mut out, describe, from, .. } = p;
    let Config { level, iterations, top_iterations, alpha, seed, code, stabilize, clamp, prior, tie_break } =
        config;
    let given = root.score();
    let variant = root.variant();
    // a failed save stops the search but never loses its game: it is printed, and the
    // error gives its link
    let saved = match (&out, &report.save_error) {
        (Some(_), Some(e)) => Err(e.clone()),
        (Some(out), None) => Ok(Some(out.finish(&report.best))),
        (None, _) => Ok(None),
    };
    let p = report.progress;
    let game = Game::new(report.best, Meta::default());
    // the game itself, printed so that it is never lost, saved or not
    let game_link = formats::write(&game, Format::Link, link::DEFAULT_BASE).map_err(|e| e.to_string())?;
    let how = if report.interrupted {
        ", interrupted"
    } else if p.stopped {
        ", stopped at the budget"
    } else {
        ""
    };
    say!(
        o,
        "best: {} moves ({variant}{}{})",
        game.score(),
        game.custom_start().map_or(String::new(), |s| format!(" from the start {}", s.code())),
        if given > 0 {
            format!(", the first {given} from {}", from.as_deref().map_or(String::new(), shown_name))
        } else {
            String::new()
        }
    );
    say!(o, "link: {game_link}");
    say!(o, "search: {describe}");
    say!(
        o,
        "{} playout{} in {} s ({:.0}/s), {} run{} finished{how}",
        p.playouts,
        plural(p.playouts as usize),
        seconds(p.elapsed),
        p.playouts_per_second,
        p.runs_done,
        plural(p.runs_done as usize)
    );
    if let Ok(Some((_, line))) = &saved {
        say!(o, "{line}");
    }
    print_summary(&game, o)?;
    if json {
        let obj = serde_json::json!({
            "variant": variant.to_string(),
            "start": game.position().start().spec(variant),
            "score": game.score(),
            "link": game_link,
            "from_moves": given,
            "playouts": p.playouts,
            "seconds": p.elapsed,
            "playouts_per_second": p.playouts_per_second,
            "level": level,
            "iterations": iterations,
            "top_iterations": top_iterations.unwrap_or(iterations),
            "alpha": alpha,
            "seed": seed,
            "threads": threads,
            "code": code.name(),
            "method": Method::of(&config).map(Method::name),
            "stabilize": stabilize,
            "clamp": clamp,
            "prior": prior,
            "ties": if tie_break { "compact" } else { "newer" },
            "runs_done": p.runs_done,
            "interrupted": report.interrupted,
            "finished": game.is_finished(),
            // null without --out
            "saved": saved.as_ref().map(|s| s.as_ref().map(|(written, _)| *written)).unwrap_or(Some(false)),
        });
        let mut obj = obj;
        if let (Some(serde_json::Value::Object(more)), Some(map)) = (extra, obj.as_object_mut()) {
            map.extend(more);
        }
        say!(o, "{obj}");
    }
    // a device or descriptor gets the game after everything else (`-o /dev/stdout`)
    o.flush()?;
    let saved = match (saved, &mut out) {
        (Ok(Some(_)), Some(out)) => out.write_in_place(game.position()).map(|()| None),
        (other, _) => other,
    };
    if let Err(e) = saved {
        return Err(format!(
            "{e}\nthe best game ({} moves) was not saved; here it is as a link: {game_link}",
            game.score()
        )
        .into());
    }
    Ok(())
}

/// A duration in seconds to a tenth, and to a thousandth under one second (a level-1 run
/// takes a few milliseconds: "0.0 s" would say nothing).
fn seconds(s: f64) -> String {
    if s < 0.9995 {
        format!("{s:.3}")
    } else {
        format!("{s:.1}")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_runs_are_timed_to_the_millisecond() {
        assert_eq!(super::seconds(0.0043), "0.004");
        assert_eq!(super::seconds(0.9994), "0.999");
        assert_eq!(super::seconds(0.9996), "1.0");
        assert_eq!(super::seconds(12.34), "12.3");
    }
}
