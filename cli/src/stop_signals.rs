//! What stops a long search cleanly: Ctrl+C, and on Unix SIGTERM (what `kill`, systemd and
//! batch schedulers send) and SIGHUP (the terminal closed). Each sets a flag the search's
//! main thread polls; a second one while the first is honoured quits at once. All through
//! ctrlc and signal-hook: no signal code of ours, no `unsafe`.
//!
//! SIGHUP is left alone when the program started with it ignored: that is what `nohup`
//! asks for, and a search started under it goes on after the terminal closes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Makes Ctrl+C, SIGTERM and SIGHUP set `flag`.
pub fn watch(flag: &Arc<AtomicBool>) {
    let ctrl_c = Arc::clone(flag);
    let _ = ctrlc::set_handler(move || {
        if ctrl_c.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGTERM};
        for signal in [SIGTERM, SIGHUP] {
            if signal == SIGHUP && ignored_at_start(signal) {
                continue;
            }
            // the exit is armed by the first signal: it must be registered before the flag
            let _ = signal_hook::flag::register_conditional_shutdown(signal, 1, Arc::clone(flag));
            let _ = signal_hook::flag::register(signal, Arc::clone(flag));
        }
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
