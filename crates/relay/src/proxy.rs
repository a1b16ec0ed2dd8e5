//! The client's address behind a reverse proxy (docs/deploy.md, "Behind a reverse proxy").
//!
//! The relay counts rooms per address (`--rooms-per-ip`); behind a proxy every socket comes
//! from the proxy, so the quota would count all players as one. A proxy names the client in
//! `X-Forwarded-For`, appending the address it was connected from to whatever the client
//! sent: `X-Forwarded-For: <anything the client wrote>, <the client's address>`. So the
//! header is read only when the TCP peer is a proxy named by `--trusted-proxy`, and then
//! from the right: the right-most entry that is not itself a trusted proxy is the client.
//! Everything left of it was written by the client (or by proxies nobody vouches for) and
//! is never believed.

use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};
use std::str::FromStr;

/// The header proxies name the client in.
pub const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// A proxy the relay believes about its client's address (`--trusted-proxy`): one address
/// (`127.0.0.1`, `::1`) or a network (`10.0.0.0/8`, `fd00::/8`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TrustedProxy {
    /// The network's address, host bits cleared.
    net: IpAddr,
    /// The prefix length: 32 (IPv4) or 128 (IPv6) for one address.
    bits: u8,
}

impl TrustedProxy {
    /// Whether `ip` is this proxy (or in this network). An IPv4 address written as IPv6
    /// (`::ffff:127.0.0.1`, as a dual-stack socket reports it) is taken as the IPv4 one.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.net, ip.to_canonical()) {
            (IpAddr::V4(_), ip @ IpAddr::V4(_)) => mask(ip, self.bits) == self.net,
            (IpAddr::V6(_), IpAddr::V4(v4)) => {
                mask(IpAddr::V6(v4.to_ipv6_mapped()), self.bits) == self.net
            }
            (IpAddr::V6(_), ip @ IpAddr::V6(_)) => mask(ip, self.bits) == self.net,
            (IpAddr::V4(_), IpAddr::V6(_)) => false,
        }
    }
}

impl FromStr for TrustedProxy {
    type Err = String;

    fn from_str(s: &str) -> Result<TrustedProxy, String> {
        let bad = || format!("{s:?} is not an IP address or a network (address/bits)");
        let (addr, bits) = match s.trim().split_once('/') {
            Some((a, b)) => (a.trim(), Some(b.trim())),
            None => (s.trim(), None),
        };
        let ip: IpAddr = addr.parse().map_err(|_| bad())?;
        let max = if ip.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => max,
            Some(b) => b.parse::<u8>().ok().filter(|&b| b <= max).ok_or_else(bad)?,
        };
        Ok(TrustedProxy {
            net: mask(ip, bits),
            bits,
        })
    }
}

/// `ip` with every bit after the first `bits` cleared.
fn mask(ip: IpAddr, bits: u8) -> IpAddr {
    match ip {
        IpAddr::V4(a) => {
            let m = u32::MAX.checked_shl(32 - u32::from(bits)).unwrap_or(0);
            IpAddr::V4((u32::from(a) & m).into())
        }
        IpAddr::V6(a) => {
            let m = u128::MAX.checked_shl(128 - u32::from(bits)).unwrap_or(0);
            IpAddr::V6((u128::from(a) & m).into())
        }
    }
}

fn is_trusted(ip: IpAddr, trusted: &[TrustedProxy]) -> bool {
    trusted.iter().any(|t| t.contains(ip))
}

/// The address a connection's client is counted under: `peer` (the TCP peer), unless
/// `peer` is a trusted proxy and `X-Forwarded-For` names the client; then the right-most
/// entry of the header that is not a trusted proxy (if every entry is one, the left-most:
/// the first hop, itself trusted). A header that cannot be read that far (an entry that is
/// not an address, bytes that are not text, an empty header) is ignored: `peer`.
/// IPv4 addresses written as IPv6 (`::ffff:a.b.c.d`) are returned as IPv4, so one client
/// is one address however it is written.
pub fn client_ip(peer: IpAddr, headers: &HeaderMap, trusted: &[TrustedProxy]) -> IpAddr {
    let peer = peer.to_canonical();
    if !is_trusted(peer, trusted) {
        return peer;
    }
    forwarded_client(headers, trusted).unwrap_or(peer)
}

/// The client `X-Forwarded-For` names, read from the right; `None` if the header is
/// missing or malformed before a client is found.
fn forwarded_client(headers: &HeaderMap, trusted: &[TrustedProxy]) -> Option<IpAddr> {
    let mut first_hop = None;
    // Several header lines are one list, in order (RFC 9110, 5.3): read the last first.
    for line in headers.get_all(X_FORWARDED_FOR).iter().rev() {
        let text = line.to_str().ok()?;
        for entry in text.rsplit(',') {
            let ip = hop(entry)?;
            if !is_trusted(ip, trusted) {
                return Some(ip);
            }
            first_hop = Some(ip);
        }
    }
    first_hop
}

/// One entry of `X-Forwarded-For`: an address, perhaps with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`) or in brackets, as some proxies write it.
fn hop(entry: &str) -> Option<IpAddr> {
    let e = entry.trim_matches([' ', '\t']);
    let ip = e
        .parse::<IpAddr>()
        .ok()
        .or_else(|| e.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| {
            e.strip_prefix('[')
                .and_then(|e| e.strip_suffix(']'))
                .and_then(|e| e.parse::<std::net::Ipv6Addr>().ok())
                .map(IpAddr::V6)
        })?;
    Some(ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn proxies(list: &[&str]) -> Vec<TrustedProxy> {
        list.iter().map(|p| p.parse().unwrap()).collect()
    }

    fn headers(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append(X_FORWARDED_FOR, HeaderValue::from_str(l).unwrap());
        }
        h
    }

    /// The client of a socket from `peer` with these `X-Forwarded-For` lines.
    fn client(peer: &str, lines: &[&str], trusted: &[&str]) -> IpAddr {
        client_ip(ip(peer), &headers(lines), &proxies(trusted))
    }

    #[test]
    fn the_flag_takes_addresses_and_networks() {
        for (text, net, bits) in [
            ("127.0.0.1", "127.0.0.1", 32),
            (" 10.1.2.3/8 ", "10.0.0.0", 8),
            ("0.0.0.0/0", "0.0.0.0", 0),
            ("::1", "::1", 128),
            ("fd12:3456::1/16", "fd12::", 16),
        ] {
            let p: TrustedProxy = text.parse().unwrap();
            assert_eq!((p.net, p.bits), (ip(net), bits), "{text}");
        }
        for bad in [
            "",
            "localhost",
            "10.0.0.0/33",
            "::/129",
            "10.0.0.0/x",
            "10.0.0.0/",
            "1.2.3",
            "1.2.3.4:80",
        ] {
            assert!(bad.parse::<TrustedProxy>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_flag_repeats_and_takes_a_comma_list() {
        let cfg = <crate::Config as clap::Parser>::try_parse_from([
            "relay",
            "--trusted-proxy",
            "127.0.0.1,::1",
            "--trusted-proxy",
            "10.0.0.0/8",
        ])
        .unwrap();
        assert_eq!(
            cfg.trusted_proxy,
            proxies(&["127.0.0.1", "::1", "10.0.0.0/8"])
        );
        let none = <crate::Config as clap::Parser>::try_parse_from(["relay"]).unwrap();
        assert!(none.trusted_proxy.is_empty());
        let bad = <crate::Config as clap::Parser>::try_parse_from([
            "relay",
            "--trusted-proxy",
            "127.0.0.1,nginx",
        ]);
        assert!(bad.is_err());
    }

    #[test]
    fn networks_hold_their_addresses_only() {
        let p = proxies(&["10.0.0.0/8", "192.168.1.7", "fd00::/8", "::/0"]);
        assert!(p[0].contains(ip("10.255.0.1")));
        assert!(!p[0].contains(ip("11.0.0.0")));
        assert!(p[1].contains(ip("192.168.1.7")));
        assert!(!p[1].contains(ip("192.168.1.8")));
        assert!(p[2].contains(ip("fdff::1")));
        assert!(!p[2].contains(ip("fe80::1")));
        // An IPv4 peer as a dual-stack socket reports it is the IPv4 address.
        assert!(p[1].contains(ip("::ffff:192.168.1.7")));
        // IPv4 and IPv6 networks do not mix, except through the mapped addresses.
        assert!(!p[0].contains(ip("::a00:1")));
        assert!(p[3].contains(ip("10.0.0.1")));
        assert!("0.0.0.0/0"
            .parse::<TrustedProxy>()
            .unwrap()
            .contains(ip("1.2.3.4")));
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_says() {
        let fake = ["203.0.113.7"];
        assert_eq!(client("198.51.100.1", &fake, &[]), ip("198.51.100.1"));
        assert_eq!(
            client("198.51.100.1", &fake, &["127.0.0.1"]),
            ip("198.51.100.1")
        );
        assert_eq!(
            client("198.51.100.1", &fake, &["10.0.0.0/8", "::1"]),
            ip("198.51.100.1")
        );
        // A trusted network's neighbour is not trusted.
        assert_eq!(client("10.0.0.9", &fake, &["10.0.0.8/32"]), ip("10.0.0.9"));
    }

    #[test]
    fn a_trusted_proxy_names_the_client() {
        assert_eq!(
            client("127.0.0.1", &["203.0.113.7"], &["127.0.0.1"]),
            ip("203.0.113.7")
        );
        // Without the header: the proxy itself.
        assert_eq!(client("127.0.0.1", &[], &["127.0.0.1"]), ip("127.0.0.1"));
    }

    #[test]
    fn a_spoofed_left_entry_is_not_believed() {
        // nginx's $proxy_add_x_forwarded_for: what the client sent, then its address.
        let t = ["127.0.0.1"];
        assert_eq!(
            client("127.0.0.1", &["1.1.1.1, 203.0.113.7"], &t),
            ip("203.0.113.7")
        );
        assert_eq!(
            client("127.0.0.1", &["1.1.1.1, 2.2.2.2,203.0.113.7"], &t),
            ip("203.0.113.7")
        );
        // The client wrote the proxy's own address: still the client's is taken.
        assert_eq!(
            client("127.0.0.1", &["127.0.0.1, 203.0.113.7"], &t),
            ip("203.0.113.7")
        );
        // Garbage left of the client's entry is the client's own business.
        assert_eq!(
            client("127.0.0.1", &["nonsense, 203.0.113.7"], &t),
            ip("203.0.113.7")
        );
    }

    #[test]
    fn several_hops_are_read_from_the_right() {
        let t = ["127.0.0.1", "10.0.0.0/8"];
        // A CDN (10.0.0.2, trusted) before the local proxy (127.0.0.1, the peer).
        assert_eq!(
            client("127.0.0.1", &["6.6.6.6, 203.0.113.7, 10.0.0.2"], &t),
            ip("203.0.113.7")
        );
        // An untrusted hop in between is where belief ends: it is the "client".
        assert_eq!(
            client("127.0.0.1", &["203.0.113.7, 198.51.100.1, 10.0.0.2"], &t),
            ip("198.51.100.1")
        );
        // Every hop trusted: the first of them.
        assert_eq!(
            client("127.0.0.1", &["10.0.0.3, 10.0.0.2"], &t),
            ip("10.0.0.3")
        );
        // Several header lines are one list, in order.
        assert_eq!(
            client("127.0.0.1", &["6.6.6.6, 203.0.113.7", "10.0.0.2"], &t),
            ip("203.0.113.7")
        );
        assert_eq!(
            client("127.0.0.1", &["203.0.113.7", "10.0.0.3, 10.0.0.2"], &t),
            ip("203.0.113.7")
        );
        // Entries with ports, as some proxies write them.
        assert_eq!(
            client("127.0.0.1", &["203.0.113.7:4711"], &t),
            ip("203.0.113.7")
        );
        assert_eq!(
            client("127.0.0.1", &["[2001:db8::7]:443, 10.0.0.2"], &t),
            ip("2001:db8::7")
        );
        assert_eq!(
            client("127.0.0.1", &["[2001:db8::7]"], &t),
            ip("2001:db8::7")
        );
    }

    #[test]
    fn a_malformed_header_falls_back_to_the_peer() {
        let t = ["127.0.0.1", "10.0.0.0/8"];
        let peer = ip("127.0.0.1");
        for garbage in [
            "",
            " ",
            ",",
            "garbage",
            "unknown",
            "203.0.113.7, nonsense",
            "203.0.113.7,",
            "203.0.113.7, , 10.0.0.2",
            "999.1.1.1",
            "203.0.113.7/8",
            "203.0.113.7 10.0.0.2",
            "\"203.0.113.7\"",
            "[203.0.113.7]",
            "2001:db8::7]",
            "1.2.3.4:99999",
            "for=203.0.113.7",
        ] {
            assert_eq!(client("127.0.0.1", &[garbage], &t), peer, "{garbage:?}");
        }
        // Bytes that are not text (obs-text).
        let mut h = HeaderMap::new();
        h.insert(
            X_FORWARDED_FOR,
            HeaderValue::from_bytes(b"203.0.113.\xff").unwrap(),
        );
        assert_eq!(client_ip(peer, &h, &proxies(&t)), peer);
        // A huge header: no panic, no stack, the peer.
        let huge = ",".repeat(100_000);
        assert_eq!(client("127.0.0.1", &[&huge], &t), peer);
        let many = "10.0.0.1, ".repeat(10_000) + "10.0.0.2";
        assert_eq!(client("127.0.0.1", &[&many], &t), ip("10.0.0.1"));
    }

    #[test]
    fn ipv6_peers_and_clients() {
        // A proxy on ::1 naming an IPv6 client.
        assert_eq!(client("::1", &["2001:db8::7"], &["::1"]), ip("2001:db8::7"));
        assert_eq!(
            client("::1", &["2001:db8::7, fd00::2"], &["::1", "fd00::/8"]),
            ip("2001:db8::7")
        );
        // An IPv6 proxy is not trusted by an IPv4 entry, nor the other way round.
        assert_eq!(client("::1", &["2001:db8::7"], &["127.0.0.1"]), ip("::1"));
        assert_eq!(
            client("127.0.0.1", &["2001:db8::7"], &["::1"]),
            ip("127.0.0.1")
        );
        // A dual-stack socket reports an IPv4 proxy as ::ffff:a.b.c.d: still trusted.
        assert_eq!(
            client("::ffff:127.0.0.1", &["203.0.113.7"], &["127.0.0.1"]),
            ip("203.0.113.7")
        );
        // An IPv4 client written as IPv6 is the IPv4 address (one quota, not two).
        assert_eq!(
            client("127.0.0.1", &["::ffff:203.0.113.7"], &["127.0.0.1"]),
            ip("203.0.113.7")
        );
        assert_eq!(client("::ffff:198.51.100.1", &[], &[]), ip("198.51.100.1"));
    }
}
