//! The threads that carve the chunks of a chunked maze (all of them, or those a window
//! touches) ahead of their reader. Each takes the next chunk in reading order as soon as it
//! is free, up to [`AHEAD`] rows of chunks past the one being read, so no thread waits at the
//! end of a row of chunks for another to finish its part, and the threads keep the cores
//! busy while the reader draws and writes.
//!
//! A chunk is the same whichever thread carves it and when ([`Giant::chunk`]), so the rows
//! handed out are the same for any number of threads.
//!
//! [`Giant::chunk`]: crate::giant::Giant::chunk

use super::{Band, BandMaker, Chunk};
use crate::grid::Result;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

/// Rows of chunks carved or being carved past the one being read.
pub(super) const AHEAD: u64 = 2;

/// The carving threads, and what they share with the reader.
pub(super) struct Carvers {
    shared: Arc<Shared>,
    threads: Vec<JoinHandle<()>>,
}

struct Shared {
    maker: Arc<BandMaker>,
    state: Mutex<State>,
    /// The first row of chunks waiting is complete, or a thread panicked: the reader goes on.
    carved: Condvar,
    /// A row of chunks was handed out, or the reader left: the threads go on.
    taken: Condvar,
}

struct State {
    /// The next chunk to carve, `(cx, cy)`.
    next: (u64, u64),
    /// The first row of chunks not yet handed out.
    first: u64,
    /// That row and those after it that a thread has started, in order.
    rows: VecDeque<Row>,
    /// The reader is gone: the threads end.
    stopped: bool,
    /// A thread panicked.
    panicked: bool,
}

/// A row of chunks being carved: those carved so far, and how many.
struct Row {
    chunks: Vec<Option<Result<Chunk>>>,
    done: u64,
}

impl Carvers {
    /// Starts `maker.jobs` threads carving its rows of chunks from the first: as many as the
    /// system gives, `None` if it gives none.
    pub(super) fn start(maker: Arc<BandMaker>) -> Option<Self> {
        let jobs = maker.jobs;
        let state = State {
            next: (maker.columns.start, maker.rows.start),
            first: maker.rows.start,
            rows: VecDeque::new(),
            stopped: false,
            panicked: false,
        };
        let shared = Arc::new(Shared {
            maker,
            state: Mutex::new(state),
            carved: Condvar::new(),
            taken: Condvar::new(),
        });
        let threads: Vec<_> = (0..jobs)
            .map_while(|_| {
                let shared = Arc::clone(&shared);
                std::thread::Builder::new()
                    .spawn(move || shared.carve())
                    .ok()
            })
            .collect();
        // Threads started are stopped with the carvers, even none.
        let carvers = Self { shared, threads };
        (!carvers.threads.is_empty()).then_some(carvers)
    }

    /// The next row of chunks, once all its chunks are carved. Only as many rows as the maze
    /// has may be asked for. A panic on a carving thread is raised here, once every thread
    /// has ended (the panic of the first thread started that panicked).
    pub(super) fn next_band(&mut self) -> Result<Band> {
        let maker = &self.shared.maker;
        let across = maker.columns.end - maker.columns.start;
        let mut state = self.shared.lock();
        debug_assert!(state.first < maker.rows.end, "no row of chunks is left");
        let row = loop {
            if state.panicked {
                drop(state);
                self.stop();
                let joined = self.threads.drain(..).map(JoinHandle::join);
                let panics: Vec<_> = joined.filter_map(std::result::Result::err).collect();
                let panic = panics
                    .into_iter()
                    .next()
                    .expect("a carving thread panicked");
                std::panic::resume_unwind(panic);
            }
            if state.rows.front().is_some_and(|row| row.done == across) {
                break state.rows.pop_front().expect("a row of chunks");
            }
            state = self.shared.wait(&self.shared.carved, state);
        };
        state.first += 1;
        drop(state);
        self.shared.taken.notify_all();
        let chunks = row.chunks.into_iter();
        chunks.map(|chunk| chunk.expect("a carved chunk")).collect()
    }

    /// Tells the threads to end after the chunk they are carving.
    fn stop(&self) {
        self.shared.lock().stopped = true;
        self.shared.taken.notify_all();
    }
}

impl Drop for Carvers {
    /// Stops the threads and waits for them. A panic there that the reader did not reach
    /// (rows dropped early, or ended by a failed chunk) goes no further than the message the
    /// panic printed.
    fn drop(&mut self) {
        self.stop();
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

impl Shared {
    /// A carving thread: takes the next chunk while there is one within reach of the reader,
    /// carves it, and files it in its row.
    fn carve(&self) {
        let _told = TellPanic(self);
        let (columns, rows) = (&self.maker.columns, &self.maker.rows);
        let across = columns.end - columns.start;
        let mut state = self.lock();
        loop {
            let (cx, cy) = state.next;
            if state.stopped || cy == rows.end {
                return;
            }
            if cy >= state.first + AHEAD {
                state = self.wait(&self.taken, state);
                continue;
            }
            state.next = match cx + 1 == columns.end {
                true => (columns.start, cy + 1),
                false => (cx + 1, cy),
            };
            if cy - state.first == state.rows.len() as u64 {
                let chunks = (0..across).map(|_| None).collect();
                state.rows.push_back(Row { chunks, done: 0 });
            }
            drop(state);
            let chunk = self.maker.carve(cx, cy);
            state = self.lock();
            let at = (cy - state.first) as usize;
            let row = &mut state.rows[at];
            row.chunks[(cx - columns.start) as usize] = Some(chunk);
            row.done += 1;
            if at == 0 && row.done == across {
                self.carved.notify_one();
            }
        }
    }

    /// The state; no thread panics holding it, so it is whole even if poisoned.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, on: &Condvar, state: MutexGuard<'a, State>) -> MutexGuard<'a, State> {
        on.wait(state).unwrap_or_else(PoisonError::into_inner)
    }
}

/// Tells the reader when the carving thread holding it panics.
struct TellPanic<'a>(&'a Shared);

impl Drop for TellPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.lock().panicked = true;
            self.0.carved.notify_one();
        }
    }
}
