// @ts-check
/**
 * Sound effects, synthesized with the Web Audio API (no audio files): the dice rolled, a checker placed, a checker
 * hit, a double offered, a game and a match won. Off unless the player turns it on (the *Sound* preference, or the
 * *Sound* button beside the match's controls). Nothing is created while sound is off: the one AudioContext is made on
 * the first sound played after the player has interacted with the page (the browsers' autoplay rule), and nothing
 * plays while the page is hidden. Sounds are short (at most half a second) and quiet.
 *
 * Each sound played is also announced to the page as a `bg-sound` event on `window` (`detail.name`), after its source
 * nodes are started; the browser tests listen to it.
 */

/** @typedef {"dice" | "checker" | "hit" | "double" | "game" | "match"} SoundName */

/** The loudness of every sound (the master gain): quiet beside speech from a screen reader. */
const VOLUME = 0.18;

let enabled = false;
/** @type {AudioContext | null} */
let context = null;
/** @type {AudioBuffer | null} */
let noise = null;

/** @param {boolean} on */
export function setSoundEnabled(on) {
  enabled = Boolean(on);
  if (!context) return;
  // Nothing stays scheduled once the player has turned sound off; turned on again (a click), it starts at once.
  if (!enabled && context.state === "running") void context.suspend().catch(() => {});
  if (enabled && context.state !== "running") void context.resume().catch(() => {});
}

export function soundEnabled() {
  return enabled;
}

/** Whether the browser lets the page start audio now: the player has interacted with it (sticky activation). */
function userHasInteracted() {
  const activation = /** @type {any} */ (navigator).userActivation;
  return activation ? Boolean(activation.hasBeenActive) : true;
}

/** @returns {AudioContext | null} the page's context, created on first need; null where audio cannot start */
function audioContext() {
  if (context) {
    if (context.state !== "running") {
      // Suspended by us (sound was turned off) or by the system: start again; this sound is skipped rather than
      // played late.
      void context.resume().catch(() => {});
      return null;
    }
    return context;
  }
  const Context = globalThis.AudioContext ?? /** @type {any} */ (globalThis).webkitAudioContext;
  if (!Context || !userHasInteracted()) return null;
  try {
    context = /** @type {AudioContext} */ (new Context({ latencyHint: "interactive" }));
  } catch {
    return null;
  }
  // A new context after a user gesture is starting: what is scheduled now plays as soon as it runs.
  if (context.state === "suspended") void context.resume().catch(() => {});
  return context;
}

/** @param {AudioContext} ctx @returns {AudioBuffer} a quarter second of white noise, made once */
function noiseBuffer(ctx) {
  if (noise && noise.sampleRate === ctx.sampleRate) return noise;
  const buffer = ctx.createBuffer(1, Math.floor(ctx.sampleRate * 0.25), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = Math.random() * 2 - 1;
  noise = buffer;
  return buffer;
}

/**
 * A burst of filtered noise with a fast decay: a die on the board, the clack of a checker.
 * @param {AudioContext} ctx @param {AudioNode} out @param {number} at @param {number} length seconds
 * @param {number} frequency the band's centre @param {number} level
 */
function knock(ctx, out, at, length, frequency, level) {
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = frequency;
  filter.Q.value = 1.2;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(level, at);
  gain.gain.exponentialRampToValueAtTime(0.001, at + length);
  source.connect(filter).connect(gain).connect(out);
  source.start(at, Math.random() * 0.1, length);
}

/**
 * A short tone with a soft attack and an exponential decay.
 * @param {AudioContext} ctx @param {AudioNode} out @param {number} at @param {number} length seconds
 * @param {number} frequency @param {number} level @param {OscillatorType} [type]
 */
function tone(ctx, out, at, length, frequency, level, type = "triangle") {
  const osc = ctx.createOscillator();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, at);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  osc.connect(gain).connect(out);
  osc.start(at);
  osc.stop(at + length + 0.02);
}

/** @type {Record<SoundName, (ctx: AudioContext, out: AudioNode, now: number) => void>} */
const SOUNDS = {
  // Two dice tumbling: a few clicks, closer and quieter towards the end.
  dice: (ctx, out, now) => {
    const offsets = [0, 0.045, 0.085, 0.125, 0.16, 0.19];
    offsets.forEach((t, i) => knock(ctx, out, now + t, 0.035, 2600 + 500 * (i % 3), 0.9 - i * 0.1));
  },
  // A checker set down: a low wooden knock.
  checker: (ctx, out, now) => {
    knock(ctx, out, now, 0.06, 900, 1);
    tone(ctx, out, now, 0.07, 180, 0.5, "sine");
  },
  // A checker hit: two knocks, the second sent to the bar.
  hit: (ctx, out, now) => {
    knock(ctx, out, now, 0.06, 900, 1);
    tone(ctx, out, now, 0.08, 160, 0.6, "sine");
    knock(ctx, out, now + 0.09, 0.08, 1500, 0.9);
    tone(ctx, out, now + 0.09, 0.12, 120, 0.5, "sine");
  },
  // The cube turned: two rising notes.
  double: (ctx, out, now) => {
    tone(ctx, out, now, 0.16, 523.25, 0.6);
    tone(ctx, out, now + 0.12, 0.22, 783.99, 0.6);
  },
  // A game won: three notes up.
  game: (ctx, out, now) => {
    [523.25, 659.25, 783.99].forEach((f, i) => tone(ctx, out, now + i * 0.1, 0.22, f, 0.5));
  },
  // A match won: the same, ending an octave up.
  match: (ctx, out, now) => {
    [523.25, 659.25, 783.99, 1046.5].forEach((f, i) => tone(ctx, out, now + i * 0.1, i === 3 ? 0.4 : 0.22, f, 0.5));
  },
};

/**
 * Play one sound, if sound is on, the page is shown and the browser lets audio start.
 * @param {SoundName} name @param {number} [delay] seconds from now
 * @returns {boolean} whether it was played
 */
export function playSound(name, delay = 0) {
  if (!enabled || document.visibilityState === "hidden" || !Object.hasOwn(SOUNDS, name)) return false;
  const ctx = audioContext();
  if (!ctx) return false;
  const out = ctx.createGain();
  out.gain.value = VOLUME;
  out.connect(ctx.destination);
  SOUNDS[name](ctx, out, ctx.currentTime + 0.005 + delay);
  window.dispatchEvent(new CustomEvent("bg-sound", { detail: { name } }));
  return true;
}

/**
 * The sounds of a list of match events (`act`'s answer, docs/architecture.md): a roll, checkers moved (a hit sounds
 * as one), a double, a game or the match won. Moves are left out when the board animated them (each sounds as it
 * lands instead).
 * @param {import("./types.js").Event[]} events @param {{moves?: boolean}} [options]
 * @returns {SoundName[]}
 */
export function eventSounds(events, { moves = true } = {}) {
  /** @type {SoundName[]} */
  const names = [];
  const add = (/** @type {SoundName} */ name) => {
    if (!names.includes(name)) names.push(name);
  };
  for (const event of events) {
    if (event.type === "rolled") add("dice");
    else if (event.type === "moved" && moves) add(event.hit ? "hit" : "checker");
    else if (event.type === "doubled" || event.type === "automatic_double") add("double");
  }
  if (events.some((e) => e.type === "match_over")) add("match");
  else if (events.some((e) => e.type === "game_over")) add("game");
  // A hit is also a checker placed: one sound for both.
  return names.includes("hit") ? names.filter((n) => n !== "checker") : names;
}

/**
 * Play sounds one after another (a checker borne off and the game won).
 * @param {SoundName[]} names
 */
export function playSounds(names) {
  names.forEach((name, i) => playSound(name, i * 0.18));
}
