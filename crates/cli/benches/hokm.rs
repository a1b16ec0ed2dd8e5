//! Criterion benchmark: random Hokm hands from a fresh deal, single thread.

use cards::{simulate, BotKind, SimOptions};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("hokm");
    for (name, bots, hands) in [
        ("random_hands", BotKind::Random, 1000u64),
        ("rule_bot_hands", BotKind::Rule, 100),
    ] {
        group.throughput(Throughput::Elements(hands));
        group.bench_function(name, |b| {
            b.iter(|| {
                simulate(&SimOptions {
                    game: "hokm".into(),
                    hands,
                    seed: 7,
                    players: None,
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
