//! The terminal session of `--animate`: raw mode, the alternate screen and a hidden cursor,
//! given back on every way out (drop, panic, signals), and the user's keys.

use crate::app::animate::{Screen, Stop};
use crate::app::signals::Undo;
use crossterm::cursor::{Hide, Show};
use crossterm::execute;
use crossterm::style::ResetColor;
use crossterm::terminal::{
    self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen, disable_raw_mode,
    enable_raw_mode,
};
use std::fs::File;
use std::io::{self, IsTerminal, Read, Write};
use std::os::fd::AsFd;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::Duration;

/// The terminal's alternate screen in raw mode, cursor hidden; given back when dropped, on
/// panic, and before a signal ends the process.
pub struct TerminalScreen {
    out: io::Stdout,
    /// Stops asked for at the keyboard, or its end.
    keys: Receiver<Stop>,
    /// Gives the terminal back if a signal ends the process.
    _undo: Undo,
}

impl TerminalScreen {
    /// Takes over the terminal.
    pub fn enter() -> io::Result<Self> {
        let keyboard = keyboard()?;
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal();
            previous(info);
        }));
        let mut out = io::stdout();
        let ((), undo) = Undo::after(
            || {
                enable_raw_mode()?;
                execute!(out, EnterAlternateScreen, Hide, Clear(ClearType::All))
                    .inspect_err(|_| restore_terminal())
            },
            |()| {
                || {
                    // Standard output stays locked until the process is gone: no frame is
                    // drawn over the terminal given back.
                    let out = io::stdout().lock();
                    restore_terminal();
                    std::mem::forget(out);
                }
            },
        )?;
        let (sender, keys) = mpsc::channel();
        // The thread outlives the session, blocked on its last read until the process exits.
        std::thread::Builder::new()
            .name("keyboard".into())
            .spawn(move || read_keys(keyboard, &sender))?;
        Ok(Self {
            out,
            keys,
            _undo: undo,
        })
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

/// The terminal the user types into: standard input when it is one, else the controlling
/// terminal (the one raw mode applies to).
pub fn keyboard() -> io::Result<File> {
    let stdin = io::stdin();
    if stdin.is_terminal() {
        return Ok(File::from(stdin.as_fd().try_clone_to_owned()?));
    }
    File::open("/dev/tty")
}

/// Reads the keyboard until a key stops the animation or the terminal is gone (end of input
/// or an error such as EIO after a hangup), and sends that stop.
fn read_keys(mut keyboard: File, stops: &Sender<Stop>) {
    let mut input = [0; 64];
    let stop = loop {
        match keyboard.read(&mut input) {
            Ok(0) => break Stop::Hangup,
            Ok(read) => {
                if let Some(stop) = stop_for(&input[..read]) {
                    break stop;
                }
            }
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break Stop::Hangup,
        }
    };
    let _ = stops.send(stop);
}

/// The stop one read of raw terminal input asks for: `q` or a lone Esc quit, Ctrl-C
/// interrupts. A read that begins with Esc and goes on is one key's escape sequence (an arrow,
/// a function key) and asks for nothing, like every other key.
fn stop_for(input: &[u8]) -> Option<Stop> {
    const ESC: u8 = 0x1b;
    const CTRL_C: u8 = 0x03;
    match input {
        [ESC] => Some(Stop::Quit),
        [ESC, ..] => None,
        _ => input.iter().find_map(|&byte| match byte {
            b'q' => Some(Stop::Quit),
            CTRL_C => Some(Stop::Interrupt),
            _ => None,
        }),
    }
}

impl Screen for TerminalScreen {
    fn draw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.out.flush()
    }

    fn pause(&mut self, delay: Duration) -> io::Result<Option<Stop>> {
        match self.keys.recv_timeout(delay) {
            Ok(stop) => Ok(Some(stop)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Ok(Some(Stop::Hangup)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_stop_the_animation() {
        assert_eq!(stop_for(b"q"), Some(Stop::Quit));
        assert_eq!(stop_for(b"\x1b"), Some(Stop::Quit));
        assert_eq!(stop_for(b"\x03"), Some(Stop::Interrupt));
        assert_eq!(stop_for(b"xyq"), Some(Stop::Quit));
        for ignored in [&b"x"[..], b"Q", b"\x1b[A", b"\x1bOP", b"\x1b[1;5q", b"\r"] {
            assert_eq!(stop_for(ignored), None, "{ignored:?}");
        }
    }
}
