// BS.1770-4's K-weighting for any sample rate. The Recommendation tabulates its two biquads (a
// high shelf standing for the head's effect, then the "RLB" high-pass) at 48 kHz only; a library
// also holds 44.1 and 96 kHz tracks, so both are derived here from their analog prototypes by the
// bilinear transform, as libebur128 does. At 48 kHz they match the table (tests/unit/loudness.test.ts).

/** y[n] = b0·x[n] + b1·x[n−1] + b2·x[n−2] − a1·y[n−1] − a2·y[n−2] */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

// the prototypes' parameters, as libebur128 fitted them to the 48 kHz table
const SHELF_HZ = 1681.974450955533;
const SHELF_GAIN_DB = 3.999843853973347;
const SHELF_Q = 0.7071752369554196;
const SHELF_VB_EXPONENT = 0.4996667741545416;
const HIGH_PASS_HZ = 38.13547087602444;
const HIGH_PASS_Q = 0.5003270373238773;

export function kWeighting(sampleRate: number): { shelf: Biquad; highPass: Biquad } {
  let k = Math.tan((Math.PI * SHELF_HZ) / sampleRate);
  const vh = 10 ** (SHELF_GAIN_DB / 20);
  const vb = vh ** SHELF_VB_EXPONENT;
  let a0 = 1 + k / SHELF_Q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / SHELF_Q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / SHELF_Q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / SHELF_Q + k * k) / a0,
  };
  k = Math.tan((Math.PI * HIGH_PASS_HZ) / sampleRate);
  a0 = 1 + k / HIGH_PASS_Q + k * k;
  // the numerator stays 1, −2, 1 unscaled, as in the Recommendation's table: the −0.691 of the
  // loudness formula calibrates the two filters as they are there
  const highPass = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / HIGH_PASS_Q + k * k) / a0,
  };
  return { shelf, highPass };
}
