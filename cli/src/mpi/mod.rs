//! `morpion-mpi`: the search and the octagon campaign on MPI ranks, for clusters (mpirun,
//! SLURM's srun). Rank 0 coordinates and also works; every other rank works. Nothing else
//! is needed on the nodes: rank 0 reads the options and files and sends each rank what it
//! needs. The modules: `net` (messages over MPI), `pool` (a process's working threads),
//! `search` (NRPA, on the core's `nrpa::distributed`), `campaign` (octagon LPs),
//! `checkpoint_file` (where the search's checkpoints go), `resume_option` (a refused
//! checkpoint's message names the options that resume it).

mod campaign;
mod checkpoint_file;
mod net;
mod pool;
mod resume_option;
mod search;

use crate::Quit;
use clap::{Parser, Subcommand};
use morpion::bounds::Edges;
use morpion::nrpa::distributed::{Done, Job};
use mpi::environment::Threading;
use net::Net;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

/// How long the talking thread waits for a result before looking at MPI again, for jobs of
/// a millisecond or so (a level-1 search): short, so a rank never waits long for its next
/// job.
const POLL_SHORT: Duration = Duration::from_micros(100);

/// The same for jobs of a tenth of a second or more (level 2 and up, an octagon's LP):
/// a wake-up costs the working threads of the process nothing measurable at this rate.
const POLL: Duration = Duration::from_millis(2);

#[derive(Parser)]
#[command(
    name = "morpion-mpi",
    version,
    about = "morpion search and morpion bound campaign on MPI ranks: mpirun -np P morpion-mpi search ..."
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// NRPA on every rank: the options of `morpion search`; --threads is per rank (default
    /// 1: run one rank per core). The top level's iterations are shared out over every
    /// thread of every rank. Checkpoints every few seconds; --resume goes on from one.
    #[command(mut_arg("threads", |a| a.help("Threads a rank (default 1: run one rank per core; at most 4 per core)")))]
    Search {
        #[command(flatten)]
        search: crate::search::Args,
        #[command(flatten)]
        resume: search::ResumeArgs,
    },
    /// Upper bounds: the octagon campaign on every rank.
    #[command(subcommand)]
    Bound(Bound),
}

#[derive(Subcommand)]
enum Bound {
    /// The LP of many octagons (the paper's Theorem 3 campaign), handed out to the ranks one
    /// by one, largest first; results go to one file as they come; --resume goes on.
    /// --threads is per rank (default 1).
    #[command(mut_arg("threads", |a| a.help("Threads a rank (default 1: run one rank per core)")))]
    Campaign(crate::campaign::Args),
}

/// The first message, from rank 0 to every other rank: which build it is, and the work.
#[derive(Serialize, Deserialize)]
struct Start {
    /// Every rank must run the same build: the messages and the move steps depend on it.
    build: String,
    work: Setup,
}

/// What rank 0 tells every other rank before the work starts.
#[derive(Serialize, Deserialize)]
enum Setup {
    Search(search::Setup),
    Campaign {
        threads: u32,
    },
    /// The options were refused: nothing to do.
    Quit,
}

/// This build, as ranks compare it: the package version and the message format's.
fn build() -> String {
    format!("morpion-mpi {} (messages v{PROTOCOL})", env!("CARGO_PKG_VERSION"))
}

/// The messages' format: changed whenever `Start`, `Down`, `Up` or what they carry change.
const PROTOCOL: u32 = 1;

/// Why a working rank stops with an error.
#[derive(Debug)]
enum RankError {
    /// A message from rank 0 that does not decode.
    Decode(net::DecodeError),
    /// Rank 0 runs another build.
    Build { rank0: String },
    /// A job's policy update does not fit this rank's copy.
    Sync(morpion::nrpa::distributed::SyncError),
    /// The work cannot start here.
    Setup(String),
}

impl std::fmt::Display for RankError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RankError::Decode(e) => write!(f, "{e}"),
            RankError::Build { rank0 } => {
                write!(f, "rank 0 runs {rank0}, this rank {}: run the same build on every node", build())
            }
            RankError::Sync(e) => write!(f, "{e}"),
            RankError::Setup(e) => write!(f, "{e}"),
        }
    }
}

/// From rank 0 to a rank.
#[derive(Serialize, Deserialize)]
enum Down {
    Job(Job),
    Octagon {
        edges: Edges,
        points: u32,
    },
    /// Stop the work under way and send what it found.
    Stop,
    /// The end: leave.
    Finish,
}

/// From a rank to rank 0.
#[derive(Serialize, Deserialize)]
enum Up {
    Done(Done),
    /// The rank's playouts so far, and its best when it improved.
    Progress {
        playouts: u64,
        found: Option<(i64, Vec<u32>)>,
    },
    Solved {
        edges: Edges,
        points: u32,
        result: Result<f64, String>,
    },
    /// The rank got a stop signal (Ctrl+C, SIGTERM, SIGHUP): the whole job stops.
    Signal,
}

/// `morpion-mpi`: every rank runs this.
pub fn main() -> ExitCode {
    let Some((universe, _)) = mpi::initialize_with_threading(Threading::Funneled) else {
        let _ = writeln!(std::io::stderr(), "error: MPI could not start (was it started twice?)");
        return ExitCode::FAILURE;
    };
    let mut net = Net::new(universe.world());
    let code = if net.rank() == 0 { coordinator(&mut net) } else { worker(&mut net) };
    drop(universe);
    code
}

fn coordinator(net: &mut Net) -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            quit_all(net);
            let _ = e.print();
            return ExitCode::from(e.exit_code() as u8);
        }
    };
    let mut out = std::io::stdout().lock();
    let result = match cli.command {
        Command::Search { search, resume } => match search::plan(net.size(), search, resume) {
            Ok(plan) => search::coordinate(net, plan, &mut out),
            Err(e) => {
                quit_all(net);
                Err(e)
            }
        },
        Command::Bound(Bound::Campaign(args)) => match crate::campaign::plan(&args, &mut out) {
            Ok(plan) => campaign::coordinate(net, args, plan, &mut out),
            Err(e) => {
                quit_all(net);
                Err(e)
            }
        },
    };
    crate::exit_code(result.and_then(|()| out.flush().map_err(Quit::from)))
}

fn quit_all(net: &mut Net) {
    start_all(net, |_| Setup::Quit);
}

/// Sends every other rank its start message.
fn start_all(net: &mut Net, work: impl Fn(usize) -> Setup) {
    for r in 1..net.size() {
        net.send(r, &Start { build: build(), work: work(r) });
    }
}

fn worker(net: &mut Net) -> ExitCode {
    let result = match net.recv_from::<Start>(0) {
        Err(e) => Err(RankError::Decode(e)),
        Ok(start) if start.build != build() => Err(RankError::Build { rank0: start.build }),
        Ok(Start { work: Setup::Quit, .. }) => return ExitCode::SUCCESS,
        Ok(Start { work: Setup::Search(setup), .. }) => search::work(net, setup),
        Ok(Start { work: Setup::Campaign { threads }, .. }) => campaign::work(net, threads as usize),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: rank {}: {e}", net.rank());
            ExitCode::FAILURE
        }
    }
}
