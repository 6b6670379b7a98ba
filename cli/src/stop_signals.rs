//! What stops a long search cleanly: Ctrl+C, and on Unix SIGTERM (what `kill`, systemd and
//! batch schedulers send) and SIGHUP (the terminal closed). Each sets a flag the search's
//! main thread polls; a second one while the first is honoured quits at once. All through
//! ctrlc and signal-hook: no signal code of ours, no `unsafe`.
//!
//! "A second one" means a second request, not the same one delivered twice: coreutils'
//! `timeout` sends its signal to the program and then to the program's process group, so
//! the program gets it twice within microseconds. Counted as two, that quit before the
//! search could print its best game. A signal within `SAME_REQUEST` of the first is that
//! first request again; a person's quick second Ctrl+C comes later than that.
//!
//! SIGHUP is left alone when the program started with it ignored: that is what `nohup`
//! asks for, and a search started under it goes on after the terminal closes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Signals this close to the first are the same request: `timeout`'s two deliveries come
/// microseconds apart, a person's double press 100 ms or more.
const SAME_REQUEST: Duration = Duration::from_millis(50);

/// What a signal asks for, given when the first one came (if one did).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Decision {
    /// The first request: stop cleanly.
    Stop,
    /// The first request again (delivered twice): nothing more.
    Same,
    /// A second request: quit at once.
    Quit,
}

fn decide(first: Option<Instant>, now: Instant) -> Decision {
    match first {
        None => Decision::Stop,
        Some(at) if now.saturating_duration_since(at) < SAME_REQUEST => Decision::Same,
        Some(_) => Decision::Quit,
    }
}

/// Makes Ctrl+C, SIGTERM and SIGHUP set `flag`; a second request quits the process (130
/// after Ctrl+C, 1 after the others).
pub fn watch(flag: &Arc<AtomicBool>) {
    let first = Arc::new(Mutex::new(None));
    let (ctrl_c, first_c) = (Arc::clone(flag), Arc::clone(&first));
    let _ = ctrlc::set_handler(move || on_signal(&ctrl_c, &first_c, 130));
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGTERM};
        let wanted: Vec<i32> =
            [SIGTERM, SIGHUP].into_iter().filter(|&s| !(s == SIGHUP && ignored_at_start(s))).collect();
        match signal_hook::iterator::Signals::new(&wanted) {
            // their handler runs on a thread of ours, where a lock and an exit are allowed
            Ok(mut signals) => {
                let flag = Arc::clone(flag);
                std::thread::spawn(move || {
                    for _ in signals.forever() {
                        on_signal(&flag, &first, 1);
                    }
                });
            }
            Err(e) => crate::warn(&format!(
                "warning: SIGTERM and SIGHUP will not stop the search cleanly here ({}); Ctrl+C does",
                crate::terminal::system(&e)
            )),
        }
    }
}

/// One signal: the first request sets `flag`; a second quits with `code`.
fn on_signal(flag: &AtomicBool, first: &Mutex<Option<Instant>>, code: i32) {
    let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
    match decide(*first, Instant::now()) {
        Decision::Stop => {
            *first = Some(Instant::now());
            flag.store(true, Ordering::SeqCst);
        }
        Decision::Same => {}
        Decision::Quit => quit_now(code),
    }
}

/// Ends the process without running exit handlers or destructors: the search's threads
/// (and MPI, in morpion-mpi) are still at work, and the person asked for now.
fn quit_now(code: i32) -> ! {
    #[cfg(unix)]
    signal_hook::low_level::exit(code);
    #[cfg(not(unix))]
    std::process::exit(code);
}

/// Whether `signal` was ignored when the program started, as Linux's /proc/self/status
/// says (its `SigIgn` mask); elsewhere it cannot be told, and the answer is no.
#[cfg(unix)]
fn ignored_at_start(signal: i32) -> bool {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else { return false };
    status
        .lines()
        .find_map(|l| l.strip_prefix("SigIgn:"))
        .and_then(|mask| u64::from_str_radix(mask.trim(), 16).ok())
        .is_some_and(|mask| (mask >> (signal - 1)) & 1 == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_signal_twice_at_once_is_one_request_and_a_later_one_quits() {
        let t0 = Instant::now();
        assert_eq!(decide(None, t0), Decision::Stop);
        assert_eq!(decide(Some(t0), t0), Decision::Same);
        assert_eq!(decide(Some(t0), t0 + Duration::from_micros(300)), Decision::Same);
        // a quick double press by a person still quits
        assert_eq!(decide(Some(t0), t0 + Duration::from_millis(100)), Decision::Quit);
        assert_eq!(decide(Some(t0), t0 + Duration::from_secs(3)), Decision::Quit);
    }
}
