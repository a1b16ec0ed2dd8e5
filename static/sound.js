// The table's sounds (src/web.rs `sound`): short tones made with WebAudio, no sound files. A
// module of its own, fetched after the page (index.html's `cardsSound` loads it at the first
// sound, and the service worker keeps it): nothing of it is needed to draw the table. The audio
// starts at the first sound after the player has touched the page.
let ac = null;

const env = (t, peak, dur) => {
  const g = ac.createGain();
  g.gain.setValueAtTime(0.0001, t);
  g.gain.exponentialRampToValueAtTime(peak, t + 0.01);
  g.gain.exponentialRampToValueAtTime(0.0001, t + dur);
  g.connect(ac.destination);
  return g;
};

const tone = (freq, t, dur, peak) => {
  const o = ac.createOscillator();
  o.type = 'triangle';
  o.frequency.value = freq;
  o.connect(env(t, peak, dur));
  o.start(t);
  o.stop(t + dur + 0.02);
};

const snap = (t) => {
  const len = Math.floor(ac.sampleRate * 0.07);
  const buf = ac.createBuffer(1, len, ac.sampleRate);
  const d = buf.getChannelData(0);
  for (let i = 0; i < len; i++) d[i] = (Math.random() * 2 - 1) * (1 - i / len);
  const src = ac.createBufferSource();
  src.buffer = buf;
  const f = ac.createBiquadFilter();
  f.type = 'bandpass';
  f.frequency.value = 1900;
  src.connect(f);
  f.connect(env(t, 0.5, 0.07));
  src.start(t);
};

export default function play(kind) {
  const AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return;
  try {
    ac = ac || new AC();
    if (ac.state === 'suspended') ac.resume();
    const t = ac.currentTime + 0.01;
    if (kind === 'card') snap(t);
    else if (kind === 'trick') {
      tone(660, t, 0.12, 0.18);
      tone(880, t + 0.1, 0.2, 0.18);
    } else if (kind === 'turn') {
      tone(523, t, 0.14, 0.14);
      tone(784, t + 0.12, 0.24, 0.14);
    }
  } catch (e) {
    // No audio on this device: the table plays on silently.
  }
}
