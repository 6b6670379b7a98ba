//! `morpion-mpi`: `morpion search` and `morpion bound campaign` on MPI ranks (`mpirun -np P
//! morpion-mpi search ...`), built by `make mpi` (the cargo feature `mpi`).

fn main() -> std::process::ExitCode {
    morpion_cli::mpi::main()
}
