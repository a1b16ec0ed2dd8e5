//! Dev tool: search nodes and CPU time per deal of `cards dds --pbn` (issue 24): the node
//! counts are deterministic, so they compare solver changes on a loaded machine.
//!
//!     cargo run --release -p cards --example dds_nodes -- DEALS.pbn [TABLE_BITS]
//!
//! One line per deal: its index, nodes in millions, CPU seconds (wall time here), and the
//! 20 answers; then the totals.
use cards::{dd_table, parse_pbn};
use search::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("a PBN file");
    let bits = args.get(2).map_or(20, |b| b.parse().expect("table bits"));
    let mut solver = Solver::new(bits);
    let (mut total_nodes, t0) = (0u64, Instant::now());
    for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let hands = parse_pbn(line.trim()).expect("a deal");
        solver.clear();
        let (n0, t) = (solver.nodes(), Instant::now());
        let table = dd_table(&mut solver, hands).expect("a table");
        let nodes = solver.nodes() - n0;
        total_nodes += nodes;
        let answers: Vec<String> = table.iter().flatten().map(|t| t.to_string()).collect();
        println!(
            "{i:3} {:9.3} M {:7.2} s  {}",
            nodes as f64 / 1e6,
            t.elapsed().as_secs_f64(),
            answers.join(" ")
        );
    }
    println!(
        "total {:.3} M nodes, {:.2} s",
        total_nodes as f64 / 1e6,
        t0.elapsed().as_secs_f64()
    );
}
