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
//!
//! The watch lasts as long as the job ([`Watching`]): once the job is over there is
//! nothing left to stop cleanly, and a stop signal quits at once, as it would without the
//! watch. What follows a job may wait on someone else (the best game written to a FIFO
//! nobody reads yet), and `timeout`'s one signal must still end the program then.

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

/// `over`: the job watched has ended (its [`Watching`] was dropped).
fn decide(first: Option<Instant>, now: Instant, over: bool) -> Decision {
    match first {
        Some(at) if now.saturating_duration_since(at) < SAME_REQUEST => Decision::Same,
        _ if over => Decision::Quit,
        None => Decision::Stop,
        Some(_) => Decision::Quit,
    }
}

/// What the watch is told: the flag a first request sets, when that request came, and
/// whether the job is over.
struct State {
    flag: Arc<AtomicBool>,
    first: Mutex<Option<Instant>>,
    over: AtomicBool,
}

/// The job under watch: while it lives, the first request stops the job (sets its flag);
/// once it is dropped, a request quits at once.
#[must_use = "the watch ends when this is dropped: keep it for as long as the job runs"]
pub struct Watching(Arc<State>);

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.over.store(true, Ordering::SeqCst);
    }
}

/// Makes Ctrl+C, SIGTERM and SIGHUP set `flag` while the returned [`Watching`] lives; a
/// second request, or any once it is dropped, quits the process (130 after Ctrl+C, 1
/// after the others).
pub fn watch(flag: &Arc<AtomicBool>) -> Watching {
    let state =
        Arc::new(State { flag: Arc::clone(flag), first: Mutex::new(None), over: AtomicBool::new(false) });
    let ctrl_c = Arc::clone(&state);
    let _ = ctrlc::set_handler(move || on_signal(&ctrl_c, 130));
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGTERM};
        let wanted: Vec<i32> =
            [SIGTERM, SIGHUP].into_iter().filter(|&s| !(s == SIGHUP && ignored_at_start(s))).collect();
        match signal_hook::iterator::Signals::new(&wanted) {
            // their handler runs on a thread of ours, where a lock and an exit are allowed
            Ok(mut signals) => {
                let state = Arc::clone(&state);
                std::thread::spawn(move || {
                    for _ in signals.forever() {
                        on_signal(&state, 1);
                    }
                });
            }
            Err(e) => crate::warn(&format!(
                "warning: SIGTERM and SIGHUP will not stop the search cleanly here ({e}); Ctrl+C does"
            )),
        }
    }
    Watching(state)
}

/// One signal: the first request sets the flag; a second, or any after the job, quits
/// with `code`.
fn on_signal(state: &State, code: i32) {
    let mut first = state.first.lock().unwrap_or_else(|e| e.into_inner());
    match decide(*first, Instant::now(), state.over.load(Ordering::SeqCst)) {
        Decision::Stop => {
            *first = Some(Instant::now());
            state.flag.store(true, Ordering::SeqCst);
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
        assert_eq!(decide(None, t0, false), Decision::Stop);
        assert_eq!(decide(Some(t0), t0, false), Decision::Same);
        assert_eq!(decide(Some(t0), t0 + Duration::from_micros(300), false), Decision::Same);
        // a quick double press by a person still quits
        assert_eq!(decide(Some(t0), t0 + Duration::from_millis(100), false), Decision::Quit);
        assert_eq!(decide(Some(t0), t0 + Duration::from_secs(3), false), Decision::Quit);
    }

    /// After the job, the first request quits (nothing is left to stop), and the second
    /// delivery of the request that stopped the job is still that request.
    #[test]
    fn after_the_job_a_request_quits() {
        let t0 = Instant::now();
        assert_eq!(decide(None, t0, true), Decision::Quit);
        assert_eq!(decide(Some(t0), t0 + Duration::from_micros(300), true), Decision::Same);
        assert_eq!(decide(Some(t0), t0 + Duration::from_secs(3), true), Decision::Quit);
    }

    /// Dropping the guard marks the job over; the flag is the one given.
    #[test]
    fn the_watch_ends_with_its_guard() {
        let flag = Arc::new(AtomicBool::new(false));
        let watching = watch(&flag);
        let state = Arc::clone(&watching.0);
        assert!(Arc::ptr_eq(&state.flag, &flag));
        assert!(!state.over.load(Ordering::SeqCst));
        drop(watching);
        assert!(state.over.load(Ordering::SeqCst));
    }
}
