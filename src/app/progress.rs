//! A progress bar on standard error for long runs: shown only when standard error is a
//! terminal, not silenced, and the run is still going after a moment (about a second), so
//! short runs and pipelines never see it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

/// How long a run goes before its bar appears.
const QUIET_START: Duration = Duration::from_secs(1);

/// Progress through `total` units of work (mazes, steps): [`Progress::inc`] as they are done,
/// [`Progress::finish`] at the end. Does nothing unless standard error is a terminal and it was
/// not made quiet.
pub struct Progress {
    bar: Option<ProgressBar>,
    started: Instant,
}

impl Progress {
    /// A bar for `total` units; `quiet` (or a standard error that is no terminal) hides it.
    pub fn new(total: u64, quiet: bool) -> Self {
        let bar = (!quiet && io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} ({eta} left)")
                    .expect("the template is valid"),
            );
            bar
        });
        Self {
            bar,
            started: Instant::now(),
        }
    }

    /// Records `units` more done; the bar appears once the run has gone on for a moment.
    pub fn inc(&self, units: u64) {
        let Some(bar) = &self.bar else { return };
        bar.inc(units);
        if bar.is_hidden() && self.started.elapsed() >= QUIET_START {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// Clears the bar from the terminal.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Progress {
    /// An abandoned run (an error) clears its bar too, before the error is printed.
    fn drop(&mut self) {
        self.finish();
    }
}
