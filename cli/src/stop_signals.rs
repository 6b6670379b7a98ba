//! What stops a long search cleanly: Ctrl+C, and on Unix SIGTERM (what `kill`, systemd and
//! batch schedulers send) and SIGHUP (the terminal closed). Each sets a flag the search's
//! main thread polls; a second one while the first is honoured quits at once. All through
//! ctrlc and signal-hook: no signal code of ours, no `unsafe`.
//!
//! "A second one" means a second request, not the same one delivered twice: coreutils'
//! `timeout` sends its signal to the program and then to the program's process group, so
//! the program gets it twice within a moment. Counted as two, that quit before the search
//! could print its best game. A signal within `SAME_REQUEST` of the first is that first
//! request again.
//!
//! SIGHUP is left alone when the program started with it ignored: that is what `nohup`
//! asks for, and a search started under it goes on after the terminal closes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Signals this close to the first are the same request (a person's second Ctrl+C takes
/// longer than this; `timeout`'s two deliveries come microseconds apart).
const SAME_REQUEST: Duration = Duration::from_millis(500);

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
        // handlers run on a thread of signal-hook's, where taking a lock and exiting are fine
        if let Ok(mut signals) = signal_hook::iterator::Signals::new(&wanted) {
            let flag = Arc::clone(flag);
            std::thread::spawn(move || {
                for _ in signals.forever() {
                    on_signal(&flag, &first, 1);
                }
            });
        }
    }
}

/// One signal: the first request sets `flag`; a signal `SAME_REQUEST` or more after it
/// exits with `code`.
fn on_signal(flag: &AtomicBool, first: &Mutex<Option<Instant>>, code: i32) {
    let mut first = first.lock().unwrap_or_else(|e| e.into_inner());
    match *first {
        None => {
            *first = Some(Instant::now());
            flag.store(true, Ordering::SeqCst);
        }
        Some(at) if at.elapsed() >= SAME_REQUEST => std::process::exit(code),
        Some(_) => {}
    }
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
