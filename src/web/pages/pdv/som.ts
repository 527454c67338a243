let ctx: AudioContext | null = null;

/** The "not found" beep (WebAudio: no sound file to cache). Silent when the browser has no audio. */
export function bipe(freq = 880, ms = 180): void {
  try {
    const AC = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!AC) return;
    ctx ??= new AC();
    const o = ctx.createOscillator();
    const g = ctx.createGain();
    o.type = 'square';
    o.frequency.value = freq;
    g.gain.value = 0.08;
    o.connect(g).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + ms / 1000);
  } catch {
    // no audio device: the visible message is enough
  }
}
