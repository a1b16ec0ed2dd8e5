//! Criterion benchmark: random Hokm hands from a fresh deal, single thread; four players,
//! and the 2-player form (HK-13).

use cards::{simulate, BotKind, SimOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("hokm");
    for (name, bots, hands, players) in [
        ("random_hands", BotKind::Random, 1000u64, None),
        ("rule_bot_hands", BotKind::Rule, 100, None),
        ("random_hands_2p", BotKind::Random, 1000, Some(2)),
    ] {
        group.throughput(Throughput::Elements(hands));
        group.bench_function(name, |b| {
            b.iter(|| {
                simulate(&SimOptions {
                    game: "hokm".into(),
                    hands,
                    seed: 7,
                    players,
                    bots,
                    settings: None,
                })
                .unwrap()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
