//! Reactions and quick chat (issue 23): a seated person's preset reaches every seat as its
//! seat and preset and nothing else; a burst, then a few a minute, and over that the sender is
//! told and nothing is sent (a flood too, each one answered); an unknown preset is refused;
//! none of it changes the room.

mod common;

use common::{inspect, relay, Client};
use protocol::{codes, ClientMsg, RelayMsg, RoomOptions, REACTIONS, REACTION_BURST};
use serde_json::{json, Value};

#[tokio::test]
async fn a_reaction_reaches_every_seat_as_its_seat_and_preset_within_the_seats_budget() {
    let relay = relay(&[]).await;
    let addr = relay.addr;
    // Two people and no bot: the room moves only when they play, and they do not.
    let (mut a, mut b) = Client::start_two(
        addr,
        "hokm",
        2,
        json!({"target": 3}),
        RoomOptions::default(),
    )
    .await;
    let code = a.code.clone().unwrap();
    // Both people have their first frame (the match is on) before anyone reacts.
    for c in [&mut a, &mut b] {
        c.until(|m| matches!(m, RelayMsg::Frame { .. })).await;
    }
    let room = |s: Value| (s["step"].clone(), s["hash"].clone());
    let before = room(inspect(addr, &code).await);

    // Every preset is known; the first REACTION_BURST go through at once, to both seats.
    let sent: Vec<&str> = REACTIONS
        .iter()
        .copied()
        .take(REACTION_BURST as usize)
        .collect();
    for r in &sent {
        a.send(&ClientMsg::React {
            reaction: r.to_string(),
        })
        .await;
    }
    for c in [&mut a, &mut b] {
        while c.reactions.len() < sent.len() {
            c.recv().await.expect("the socket stays open");
        }
        for (text, r) in c.reactions.iter().zip(&sent) {
            // Nothing but the seat and the preset (the leak check of issue 23).
            let v: Value = serde_json::from_str(text).unwrap();
            assert_eq!(
                v,
                json!({"type": "reaction", "seat": 0, "reaction": r}),
                "{text}"
            );
        }
    }
    // Over the budget: the sender is told, the others hear nothing.
    a.send(&ClientMsg::React {
        reaction: "hurry".into(),
    })
    .await;
    assert_eq!(a.error().await.error, codes::SLOW_DOWN);
    // A flood of reactions: each one answered, none sent.
    for _ in 0..20 {
        a.send(&ClientMsg::React {
            reaction: "wow".into(),
        })
        .await;
    }
    for _ in 0..20 {
        assert_eq!(a.error().await.error, codes::SLOW_DOWN);
    }
    // Unknown presets (free text among them) are refused whatever the budget.
    for bad in ["", "Hurry", "you are bad", "hello\u{0}"] {
        b.send(&ClientMsg::React {
            reaction: bad.into(),
        })
        .await;
        assert_eq!(b.error().await.error, codes::BAD_REACTION, "{bad:?}");
    }
    // The other seat's own budget is whole: its reaction reaches the first.
    b.send(&ClientMsg::React {
        reaction: "thanks".into(),
    })
    .await;
    let got = a.until(|m| matches!(m, RelayMsg::Reaction { .. })).await;
    assert_eq!(
        got,
        RelayMsg::Reaction {
            seat: 1,
            reaction: "thanks".into()
        }
    );
    // The refused ones reached nobody: b heard its own and the burst only.
    b.until(|m| matches!(m, RelayMsg::Reaction { seat: 1, .. }))
        .await;
    assert_eq!(b.reactions.len(), sent.len() + 1, "{:?}", b.reactions);
    assert_eq!(a.reactions.len(), sent.len() + 1, "{:?}", a.reactions);
    // The room did not move.
    assert_eq!(room(inspect(addr, &code).await), before);
}
