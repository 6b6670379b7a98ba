//! The messages between ranks, over MPI: serde values as postcard bytes, one tag, counted.
//!
//! Only the main thread of a process calls MPI (`Threading::Funneled`); the search threads
//! talk to it through channels. Deadlock freedom rests on one rule: a rank's messages to
//! the coordinator are small (a result or progress, a few hundred bytes, sent eagerly by
//! every MPI), and every process receives whatever comes between its sends, so no two
//! processes ever wait on each other's send.

use mpi::point_to_point::MatchedReceiveVec;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

const TAG: i32 = 7;

/// A message that does not decode (a rank of another build, or a bug): its size and why.
#[derive(Debug)]
pub(crate) struct DecodeError {
    pub(crate) from: usize,
    pub(crate) bytes: usize,
    pub(crate) why: String,
}

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a message from rank {} does not decode ({} bytes): {}", self.from, self.bytes, self.why)
    }
}

/// Bytes and messages, each way: what the benchmarks report.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Traffic {
    pub(crate) sent_bytes: u64,
    pub(crate) sent: u64,
    pub(crate) received_bytes: u64,
    pub(crate) received: u64,
}

pub(crate) struct Net {
    world: SimpleCommunicator,
    pub(crate) traffic: Traffic,
}

impl Net {
    pub(crate) fn new(world: SimpleCommunicator) -> Net {
        Net { world, traffic: Traffic::default() }
    }

    pub(crate) fn rank(&self) -> usize {
        self.world.rank() as usize
    }

    pub(crate) fn size(&self) -> usize {
        self.world.size() as usize
    }

    pub(crate) fn send<T: Serialize>(&mut self, to: usize, msg: &T) {
        let bytes = postcard::to_stdvec(msg).expect("our messages serialise");
        self.traffic.sent_bytes += bytes.len() as u64;
        self.traffic.sent += 1;
        self.world.process_at_rank(to as i32).send_with_tag(&bytes[..], TAG);
    }

    /// A message if one has come (from any rank), without waiting.
    pub(crate) fn try_recv<T: DeserializeOwned>(&mut self) -> Option<(usize, Result<T, DecodeError>)> {
        let probed = self.world.any_process().immediate_matched_probe_with_tag(TAG)?;
        let (bytes, status) = probed.matched_receive_vec::<u8>();
        let from = status.source_rank() as usize;
        Some((from, self.decode(from, &bytes)))
    }

    /// The next message from `from`, waiting for it.
    pub(crate) fn recv_from<T: DeserializeOwned>(&mut self, from: usize) -> Result<T, DecodeError> {
        let (bytes, _) = self.world.process_at_rank(from as i32).receive_vec_with_tag::<u8>(TAG);
        self.decode(from, &bytes)
    }

    fn decode<T: DeserializeOwned>(&mut self, from: usize, bytes: &[u8]) -> Result<T, DecodeError> {
        self.traffic.received_bytes += bytes.len() as u64;
        self.traffic.received += 1;
        postcard::from_bytes(bytes).map_err(|e| DecodeError { from, bytes: bytes.len(), why: e.to_string() })
    }
}
