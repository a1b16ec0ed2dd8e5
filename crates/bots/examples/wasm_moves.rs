//! The hard bots' moves in WebAssembly against native (docs/bots.md, "Time per move in
//! wasm"): a few hands of each of Pasur (2 and 4), Haft Khabis and Crazy Eights, the hard
//! bot (the browser's budget) in seat 0 and the easy bots elsewhere. Built for
//! wasm32-unknown-unknown it has no imports, and Node times its `main`:
//!
//! ```text
//! cargo build --release -p bots --example wasm_moves --target wasm32-unknown-unknown
//! node tools/wasm-moves.mjs target/wasm32-unknown-unknown/release/examples/wasm_moves.wasm
//! cargo build --release -p bots --example wasm_moves && time ./target/release/examples/wasm_moves
//! ```

use bots::hard::rollout::RolloutGame;
use bots::hard::{Budget, HardGame};
use bots::Bot;
use engine::games::crazy_eights::CrazyEights;
use engine::games::haft_khabis::HaftKhabis;
use engine::games::pasur::Pasur;
use engine::{Deal, Game, Seat, Setup, Status};

/// One hand in play, the hard bot in seat 0.
struct Table<G: Game> {
    g: G,
    bots: Vec<Box<dyn Bot<G> + Send>>,
    legal: Vec<G::Action>,
}

impl<G: RolloutGame + HardGame> Table<G> {
    fn new(players: u8, seed: u64) -> Option<Table<G>> {
        let g = G::new(&Setup {
            players,
            settings: G::Settings::default(),
            deal: Deal::seeded(seed),
        })
        .ok()?;
        let mut bots = vec![G::hard_bot(seed, Budget::BROWSER)?];
        for s in 1..players {
            bots.push(G::fallback(seed + s as u64));
        }
        Some(Table {
            g,
            bots,
            legal: Vec::new(),
        })
    }

    /// Plays one seat's move.
    fn step(&mut self, seat: Seat) -> Option<()> {
        let a = self.bots[seat.idx()].choose(&self.g.view(seat), &self.legal);
        let e = self.g.apply(seat, &a).ok()?;
        for b in &mut self.bots {
            b.observe(&e);
        }
        Some(())
    }

    /// Plays up to seat 0's next decision with a choice: whether there is one.
    fn advance(&mut self) -> bool {
        while let Status::Acting(acting) = self.g.status() {
            let Some(seat) = acting.first() else {
                return false;
            };
            self.legal.clear();
            self.g.legal_actions(seat, &mut self.legal);
            if seat == Seat(0) && self.legal.len() > 1 {
                return true;
            }
            if self.step(seat).is_none() {
                return false;
            }
        }
        false
    }
}

/// Plays `hands` hands of `G` from seeds 1, 2, …, the hard bot in seat 0 deciding every
/// choice it has; returns the number of its searched decisions.
fn play<G: RolloutGame + HardGame>(players: u8, hands: u64) -> u32 {
    let mut decisions = 0;
    for seed in 1..=hands {
        let Some(mut t) = Table::<G>::new(players, seed) else {
            continue;
        };
        while t.advance() {
            decisions += 1;
            if t.step(Seat(0)).is_none() {
                break;
            }
        }
    }
    decisions
}

fn main() {
    let decisions = [
        play::<Pasur>(2, HANDS),
        play::<Pasur>(4, HANDS),
        play::<HaftKhabis>(4, HANDS),
        play::<CrazyEights>(4, HANDS),
    ];
    // Natively, say how many searched decisions the run made (the wasm run makes the same).
    #[cfg(not(target_arch = "wasm32"))]
    println!("searched decisions (Pasur 2, Pasur 4, Haft Khabis 4, Crazy Eights 4): {decisions:?}");
    std::hint::black_box(decisions);
}

/// Hands played per game.
const HANDS: u64 = 3;
