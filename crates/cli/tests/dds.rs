//! `cards dds`: the solver's timing command solves real deals and refuses bad arguments.

use cards::{dds_bench, hokm_deal, DdsOptions};
use engine::Seat;

#[test]
fn deals_are_full_hands_with_the_hakem_to_lead() {
    for players in [4, 2] {
        for seed in 0..5 {
            let p = hokm_deal(seed, players).unwrap();
            assert_eq!(p.players(), players);
            assert_eq!(p.tricks_left(), 13);
            assert_eq!(p.tricks(), [0, 0]);
            for s in 0..players {
                assert_eq!(p.hand(Seat(s)).len(), 13);
            }
        }
    }
}

#[test]
fn the_report_counts_every_deal() {
    let opts = DdsOptions {
        deals: 3,
        seed: 5,
        players: 2,
        table_bits: 16,
        max_tricks: true,
        analyse: false,
    };
    let r = dds_bench(&opts).unwrap();
    assert_eq!(r["deals"], 3);
    let wins = r["hakem_side_wins"].as_u64().unwrap();
    let mean = r["hakem_side_mean_tricks"].as_f64().unwrap();
    // A side wins exactly when it takes 7 of the 13 tricks.
    assert!(wins <= 3);
    assert!((0.0..=13.0).contains(&mean));
    if wins == 3 {
        assert!(mean >= 7.0);
    }
    if wins == 0 {
        assert!(mean < 7.0);
    }
    let bad = DdsOptions { players: 3, ..opts };
    assert!(dds_bench(&bad).unwrap_err().contains("2 or 4"));
}

#[test]
fn the_analysis_report_counts_every_hand() {
    let opts = DdsOptions {
        deals: 2,
        seed: 5,
        players: 2,
        table_bits: 16,
        max_tricks: true,
        analyse: true,
    };
    let r = dds_bench(&opts).unwrap();
    assert_eq!(r["hands"], 2);
    // A hand stops once a side has 7 tricks (HK-7): between 7 and 13 tricks of 2 cards.
    let plays = r["plays_per_hand"].as_f64().unwrap();
    assert!((14.0..=26.0).contains(&plays), "{plays}");
    assert!(r["analyse"]["ms_max"].as_f64().unwrap() >= 0.0);
}
