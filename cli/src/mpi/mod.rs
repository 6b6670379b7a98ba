//! `morpion-mpi`: the search and the octagon campaign on MPI ranks, for clusters (mpirun,
//! SLURM's srun). Rank 0 coordinates and also works; every other rank works. Nothing else
//! is needed on the nodes: rank 0 reads the options and files and sends each rank what it
//! needs. The modules: `net` (messages over MPI), `pool` (a process's working threads),
//! `search` (NRPA, on the core's `nrpa::distributed`), `campaign` (octagon LPs),
//! `checkpoint_file` (where the search's checkpoints go).

mod campaign;
mod checkpoint_file;
mod net;
mod pool;
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
    Campaign(crate::campaign::Args),
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
    match result.and_then(|()| out.flush().map_err(Quit::from)) {
        Ok(()) | Err(Quit::Pipe) => ExitCode::SUCCESS,
        Err(Quit::Error(msg)) => {
            let _ = writeln!(std::io::stderr(), "error: {msg}");
            ExitCode::FAILURE
        }
    }
}

fn quit_all(net: &mut Net) {
    for r in 1..net.size() {
        net.send(r, &Setup::Quit);
    }
}

fn worker(net: &mut Net) -> ExitCode {
    let result = match net.recv_from::<Setup>(0) {
        Ok(Setup::Quit) => return ExitCode::SUCCESS,
        Ok(Setup::Search(setup)) => search::work(net, setup),
        Ok(Setup::Campaign { threads }) => campaign::work(net, threads as usize),
        Err(e) => Err(e),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "error: rank {}: {e}", net.rank());
            ExitCode::FAILURE
        }
    }
}
