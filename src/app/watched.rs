//! Streams that remember how they failed.

use std::io::{self, Write};

/// A writer that keeps the first error of the stream it wraps (interruptions
/// aside). Encoders and decoders may wrap I/O errors in their own and lose their kind (png's
/// stream writer turns a closed pipe into a plain "other" error): this one still knows.
pub struct Watched<T> {
    inner: T,
    error: Option<io::Error>,
}

impl<T> Watched<T> {
    /// Watches `inner`.
    pub fn new(inner: T) -> Self {
        Self { inner, error: None }
    }

    /// The first error of the wrapped stream, if it failed; `None` again afterwards.
    pub fn take_error(&mut self) -> Option<io::Error> {
        self.error.take()
    }

    /// The wrapped stream.
    pub fn into_inner(self) -> T {
        self.inner
    }

    /// Keeps the error of `result`, if the first, and hands the caller a copy of it.
    fn watch<V>(&mut self, result: io::Result<V>) -> io::Result<V> {
        result.map_err(|error| {
            if error.kind() == io::ErrorKind::Interrupted || self.error.is_some() {
                return error;
            }
            let copy = io::Error::new(error.kind(), error.to_string());
            self.error = Some(error);
            copy
        })
    }
}

impl<T: Write> Write for Watched<T> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        let result = self.inner.write(bytes);
        self.watch(result)
    }

    fn flush(&mut self) -> io::Result<()> {
        let result = self.inner.flush();
        self.watch(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sink that is closed, like a pipe whose reader went away.
    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn the_first_error_survives_a_rewrapping_writer() {
        let mut sink = Watched::new(Closed);
        // What png's stream writer does with an I/O error.
        let rewrapped = sink
            .write_all(b"pixels")
            .map_err(|e| io::Error::other(e.to_string()));
        assert_eq!(rewrapped.unwrap_err().kind(), io::ErrorKind::Other);
        let kept = sink.take_error().expect("the sink failed");
        assert_eq!(kept.kind(), io::ErrorKind::BrokenPipe);
        assert!(sink.take_error().is_none());
    }

    #[test]
    fn a_stream_that_works_keeps_nothing() {
        let mut sink = Watched::new(Vec::new());
        sink.write_all(b"maze").unwrap();
        assert!(sink.take_error().is_none());
        assert_eq!(sink.into_inner(), b"maze");
    }
}
