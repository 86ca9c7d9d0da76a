//! The terminal session of `--animate`: raw mode, the alternate screen and a hidden cursor,
//! given back on every way out (drop, panic, signals), and the user's keys.

use crate::animate::{Screen, Stop};
use crossterm::cursor::{Hide, Show};
use crossterm::event::{self, Event as Input, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::execute;
use crossterm::style::ResetColor;
use crossterm::terminal::{
    self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode,
    enable_raw_mode,
};
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The terminal's alternate screen in raw mode, cursor hidden; restored when dropped, on
/// panic, and after SIGTERM, SIGHUP or SIGINT.
pub struct TerminalScreen {
    out: io::Stdout,
    signalled: Arc<AtomicBool>,
}

impl TerminalScreen {
    /// Takes over the terminal.
    pub fn enter() -> io::Result<Self> {
        let signalled = Arc::new(AtomicBool::new(false));
        for signal in [
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGHUP,
            signal_hook::consts::SIGINT,
        ] {
            signal_hook::flag::register(signal, Arc::clone(&signalled))?;
        }
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
        let mut out = io::stdout();
        enable_raw_mode()?;
        execute!(out, EnterAlternateScreen, Hide, Clear(ClearType::All))?;
        Ok(Self { out, signalled })
    }

    /// The terminal's size in columns and lines.
    pub fn size() -> io::Result<(u16, u16)> {
        terminal::size()
    }
}

impl Drop for TerminalScreen {
    fn drop(&mut self) {
        restore_terminal();
    }
}

/// Shows the cursor, leaves the alternate screen and raw mode; harmless when already done.
fn restore_terminal() {
    let _ = execute!(io::stdout(), ResetColor, Show, LeaveAlternateScreen);
    let _ = disable_raw_mode();
}

impl Screen for TerminalScreen {
    fn draw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.out.flush()
    }

    fn pause(&mut self, delay: Duration) -> io::Result<Option<Stop>> {
        let deadline = Instant::now() + delay;
        // Bounded: a terminal that keeps reporting input (or its end) cannot hold the loop.
        loop {
            if self.signalled.load(Ordering::Relaxed) {
                return Ok(Some(Stop::Signal));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            // Poll in slices so a signal is noticed within 50 ms even with long delays.
            if event::poll(left.min(Duration::from_millis(50)))? {
                match event::read() {
                    Ok(Input::Key(KeyEvent {
                        code,
                        modifiers,
                        kind: KeyEventKind::Press,
                        ..
                    })) => match code {
                        KeyCode::Char('q') | KeyCode::Esc => return Ok(Some(Stop::Quit)),
                        KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => {
                            return Ok(Some(Stop::Interrupt));
                        }
                        _ => {}
                    },
                    Ok(_) => {}
                    // The terminal is gone (hung up, closed): nobody is watching.
                    Err(_) => return Ok(Some(Stop::Signal)),
                }
            }
            if left.is_zero() {
                return Ok(None);
            }
        }
    }
}
