//! A process's working threads: jobs in through a channel, results out through another,
//! so that the one thread that talks MPI never waits on them.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

pub(crate) struct Pool<J, R> {
    jobs: Option<Sender<J>>,
    results: Receiver<R>,
    threads: Vec<JoinHandle<()>>,
}

impl<J: Send + 'static, R: Send + 'static> Pool<J, R> {
    /// `threads` threads, each running `work(thread, next, done)` until `next` says there is
    /// no more (the pool is closed).
    pub(crate) fn spawn<F>(threads: usize, work: F) -> Pool<J, R>
    where
        F: Fn(usize, &mut dyn FnMut() -> Option<J>, &mut dyn FnMut(R)) + Send + Sync + 'static,
    {
        let (job_tx, job_rx) = channel::<J>();
        let (done_tx, results) = channel::<R>();
        let job_rx = Arc::new(Mutex::new(job_rx));
        let work = Arc::new(work);
        let threads = (0..threads)
            .map(|i| {
                let (job_rx, done_tx, work) = (Arc::clone(&job_rx), done_tx.clone(), Arc::clone(&work));
                std::thread::spawn(move || {
                    let mut next = || job_rx.lock().unwrap_or_else(|e| e.into_inner()).recv().ok();
                    let mut done = |r| {
                        let _ = done_tx.send(r);
                    };
                    work(i, &mut next, &mut done);
                })
            })
            .collect();
        Pool { jobs: Some(job_tx), results, threads }
    }

    pub(crate) fn give(&self, job: J) {
        if let Some(tx) = &self.jobs {
            let _ = tx.send(job);
        }
    }

    /// A result, waiting at most `wait` for one.
    pub(crate) fn result(&self, wait: Duration) -> Option<R> {
        self.results.recv_timeout(wait).ok()
    }

    /// No more jobs: the threads end once they have finished theirs (waited for).
    pub(crate) fn close(mut self) -> Vec<R> {
        self.jobs = None;
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
        self.results.try_iter().collect()
    }
}
