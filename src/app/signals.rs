//! Signals that would end the process, caught while something must be undone first: a
//! terminal to give back, a temporary file to remove. As soon as one comes, what is pending is
//! undone (on a thread of its own, unless another thread gets there first), and the process
//! ends by the same signal, as it would have without mazegen (a shell reports 128 + the
//! signal's number). Once mazegen has started catching them, a signal that comes with nothing
//! to undo ends the process as before.

use signal_hook::consts::signal::{
    SIGALRM, SIGHUP, SIGINT, SIGPROF, SIGQUIT, SIGSYS, SIGTERM, SIGTRAP, SIGUSR1, SIGUSR2,
    SIGVTALRM, SIGXCPU, SIGXFSZ,
};
use signal_hook::iterator::Signals;
use std::io;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard, PoisonError};

/// The signals caught: those whose default action ends the process, except the faults that
/// only the process itself raises (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT), after which no
/// more code should run, SIGPIPE, which Rust ignores (a closed pipe is an error on write
/// instead), SIGKILL, which cannot be caught, and the real-time signals. SIGTRAP and SIGSYS
/// are caught: mazegen raises neither, so one comes from another process, as SIGTERM does.
const ENDING: &[i32] = &[
    SIGHUP,
    SIGINT,
    SIGQUIT,
    SIGTERM,
    SIGUSR1,
    SIGUSR2,
    SIGALRM,
    SIGVTALRM,
    SIGPROF,
    SIGXCPU,
    SIGXFSZ,
    // Elsewhere (macOS, the BSDs) SIGIO is ignored by default.
    #[cfg(any(target_os = "linux", target_os = "android"))]
    signal_hook::consts::signal::SIGIO,
    SIGTRAP,
    SIGSYS,
    #[cfg(any(target_os = "linux", target_os = "android"))]
    libc::SIGPWR,
    #[cfg(all(
        any(target_os = "linux", target_os = "android"),
        any(
            target_arch = "x86",
            target_arch = "x86_64",
            target_arch = "arm",
            target_arch = "aarch64",
            target_arch = "riscv64",
            target_arch = "loongarch64",
            target_arch = "powerpc64",
            target_arch = "s390x"
        )
    ))]
    libc::SIGSTKFLT,
];

/// An action to run before a caught signal ends the process.
type Action = Box<dyn Fn() + Send>;

/// What to undo, by key, if a signal came now. Holding the lock makes signals wait.
static PENDING: Mutex<Vec<(u64, Action)>> = Mutex::new(Vec::new());

/// The number of the last caught signal, 0 before any, set by the signal handler itself: once
/// a signal has come, nothing more starts or finishes (see [`pending`]).
static ARRIVED: LazyLock<Arc<AtomicUsize>> = LazyLock::new(Arc::default);

/// Something to undo if a signal ends the process: forgotten when finished or dropped.
pub struct Undo {
    key: u64,
}

impl Undo {
    /// Runs `start`, then, until the returned `Undo` is finished or dropped, has the action
    /// `undo` makes of what `start` did run before a caught signal ends the process. A signal
    /// that arrives during `start` waits for it, so the action always finds what `start` did.
    pub fn after<T, A: Fn() + Send + 'static>(
        start: impl FnOnce() -> io::Result<T>,
        undo: impl FnOnce(&T) -> A,
    ) -> io::Result<(T, Undo)> {
        static KEYS: AtomicU64 = AtomicU64::new(0);
        listen()?;
        let mut pending = pending();
        let started = start()?;
        let key = KEYS.fetch_add(1, Ordering::Relaxed);
        pending.push((key, Box::new(undo(&started))));
        Ok((started, Undo { key }))
    }

    /// Runs `last`, after which there is nothing to undo (a file renamed into place), with
    /// signals waiting for it: it either completes, or never starts because a signal has come
    /// (then the undoing runs and the process ends).
    pub fn finish<T>(self, last: impl FnOnce() -> T) -> T {
        let mut pending = pending();
        let result = last();
        pending.retain(|(key, _)| *key != self.key);
        result
    }
}

impl Drop for Undo {
    fn drop(&mut self) {
        pending().retain(|(key, _)| *key != self.key);
    }
}

/// Locks the list of what to undo, or, once a signal has come, undoes it all and ends the
/// process by that signal.
fn pending() -> MutexGuard<'static, Vec<(u64, Action)>> {
    let pending = PENDING.lock().unwrap_or_else(PoisonError::into_inner);
    let signal = ARRIVED.load(Ordering::SeqCst);
    if signal != 0 {
        // The lock stays held: nothing starts or finishes between the undoing and the end.
        for (_, undo) in pending.iter() {
            undo();
        }
        end_by(signal as i32);
    }
    pending
}

/// Starts catching [`ENDING`] signals, once. Signals ignored when mazegen started (as `nohup`
/// ignores SIGHUP) stay ignored.
fn listen() -> io::Result<()> {
    static LISTENING: Mutex<bool> = Mutex::new(false);
    let mut listening = LISTENING.lock().unwrap_or_else(PoisonError::into_inner);
    if *listening {
        return Ok(());
    }
    let ignored = ignored_signals();
    let caught = ENDING
        .iter()
        .copied()
        .filter(|&s| ignored & (1 << (s - 1)) == 0);
    for signal in caught.clone() {
        signal_hook::flag::register_usize(signal, Arc::clone(&ARRIVED), signal as usize)?;
    }
    // Acts on a signal even while the rest of the process is busy elsewhere.
    let mut signals = Signals::new(caught)?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                ARRIVED.store(signal as usize, Ordering::SeqCst);
                drop(pending());
            }
        })?;
    *listening = true;
    Ok(())
}

/// Ends the process by `signal`, as the signal's default action would. (signal-hook's
/// `emulate_default_handler` does not: it takes Linux's SIGIO as ignored, and does not know
/// SIGPWR or SIGSTKFLT.)
pub fn end_by(signal: i32) -> ! {
    // SAFETY: plain libc calls with valid arguments: the default action back, the signal
    // unblocked on this thread, then raised on it.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        libc::sigaddset(&mut set, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        libc::raise(signal);
    }
    // Reached only for a signal whose default action does not end the process.
    std::process::exit(128 + signal)
}

/// The set of signals ignored by this process (bit `n - 1` for signal `n`), as Linux reports
/// it in /proc/self/status; none where that cannot be read.
fn ignored_signals() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| ignored_in(&status))
        .unwrap_or(0)
}

/// The `SigIgn` mask of a /proc/PID/status text.
fn ignored_in(status: &str) -> Option<u64> {
    let mask = status
        .lines()
        .find_map(|line| line.strip_prefix("SigIgn:"))?;
    u64::from_str_radix(mask.trim(), 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use signal_hook::consts::signal::SIGPIPE;

    #[test]
    fn the_ignored_mask_is_read_from_proc_status() {
        let status = "Name:\tmazegen\nSigBlk:\t0000000000000000\nSigIgn:\t0000000000001001\n";
        assert_eq!(
            ignored_in(status),
            Some(1 << (SIGHUP - 1) | 1 << (SIGPIPE - 1))
        );
        assert_eq!(ignored_in("Name:\tmazegen\n"), None);
    }

    #[test]
    fn rust_ignores_sigpipe_in_this_process() {
        // The one signal Rust's runtime ignores, so the mask is really this process's.
        if std::path::Path::new("/proc/self/status").exists() {
            assert_ne!(ignored_signals() & 1 << (SIGPIPE - 1), 0);
        }
    }
}
