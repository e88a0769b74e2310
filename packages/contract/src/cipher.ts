/**
 * The path cipher (GUIDE section 3): AES-128-ECB with PKCS#7 padding, keyed with the package name
 * right-padded with '0' to 16 bytes, lowercase hex output. It hides paths from casual inspection only;
 * security comes from TLS, tokens and server-side checks. Pure TypeScript because WebCrypto has no ECB mode.
 */

const SBOX = new Uint8Array(256);
const INV_SBOX = new Uint8Array(256);

function rotateLeft8(x: number, shift: number): number {
  return ((x << shift) | (x >>> (8 - shift))) & 0xff;
}

function xtime(b: number): number {
  return ((b << 1) ^ (b & 0x80 ? 0x1b : 0)) & 0xff;
}

function multiply(a: number, b: number): number {
  let product = 0;
  let x = a;
  for (let y = b; y > 0; y >>= 1) {
    if (y & 1) product ^= x;
    x = xtime(x);
  }
  return product;
}

// Builds the S-box from the multiplicative inverse in GF(2^8) followed by the affine map (FIPS-197 5.1.1).
(function buildSbox() {
  let p = 1;
  let q = 1;
  do {
    p = p ^ xtime(p);
    q ^= q << 1;
    q ^= q << 2;
    q ^= q << 4;
    q &= 0xff;
    if (q & 0x80) q ^= 0x09;
    const s = q ^ rotateLeft8(q, 1) ^ rotateLeft8(q, 2) ^ rotateLeft8(q, 3) ^ rotateLeft8(q, 4);
    SBOX[p] = (s ^ 0x63) & 0xff;
  } while (p !== 1);
  SBOX[0] = 0x63;
  for (let i = 0; i < 256; i++) INV_SBOX[SBOX[i] as number] = i;
})();

function expandKey(key: Uint8Array): Uint8Array {
  const w = new Uint8Array(176);
  w.set(key);
  let rcon = 1;
  for (let i = 16; i < 176; i += 4) {
    let t0 = w[i - 4] as number;
    let t1 = w[i - 3] as number;
    let t2 = w[i - 2] as number;
    let t3 = w[i - 1] as number;
    if (i % 16 === 0) {
      const first = t0;
      t0 = (SBOX[t1] as number) ^ rcon;
      t1 = SBOX[t2] as number;
      t2 = SBOX[t3] as number;
      t3 = SBOX[first] as number;
      rcon = xtime(rcon);
    }
    w[i] = (w[i - 16] as number) ^ t0;
    w[i + 1] = (w[i - 15] as number) ^ t1;
    w[i + 2] = (w[i - 14] as number) ^ t2;
    w[i + 3] = (w[i - 13] as number) ^ t3;
  }
  return w;
}

function addRoundKey(s: Uint8Array, roundKeys: Uint8Array, round: number): void {
  for (let i = 0; i < 16; i++) s[i] = (s[i] as number) ^ (roundKeys[round * 16 + i] as number);
}

function encryptBlock(block: Uint8Array, roundKeys: Uint8Array): Uint8Array {
  const s = Uint8Array.from(block);
  const t = new Uint8Array(16);
  addRoundKey(s, roundKeys, 0);
  for (let round = 1; round <= 10; round++) {
    // SubBytes and ShiftRows together: row r of column c comes from column c + r.
    for (let c = 0; c < 4; c++) {
      for (let r = 0; r < 4; r++) t[r + 4 * c] = SBOX[s[r + 4 * ((c + r) % 4)] as number] as number;
    }
    if (round < 10) {
      for (let c = 0; c < 4; c++) {
        const a0 = t[4 * c] as number;
        const a1 = t[4 * c + 1] as number;
        const a2 = t[4 * c + 2] as number;
        const a3 = t[4 * c + 3] as number;
        s[4 * c] = xtime(a0) ^ xtime(a1) ^ a1 ^ a2 ^ a3;
        s[4 * c + 1] = a0 ^ xtime(a1) ^ xtime(a2) ^ a2 ^ a3;
        s[4 * c + 2] = a0 ^ a1 ^ xtime(a2) ^ xtime(a3) ^ a3;
        s[4 * c + 3] = xtime(a0) ^ a0 ^ a1 ^ a2 ^ xtime(a3);
      }
    } else {
      s.set(t);
    }
    addRoundKey(s, roundKeys, round);
  }
  return s;
}

function decryptBlock(block: Uint8Array, roundKeys: Uint8Array): Uint8Array {
  const s = Uint8Array.from(block);
  const t = new Uint8Array(16);
  addRoundKey(s, roundKeys, 10);
  for (let round = 9; round >= 0; round--) {
    for (let c = 0; c < 4; c++) {
      for (let r = 0; r < 4; r++) t[r + 4 * ((c + r) % 4)] = INV_SBOX[s[r + 4 * c] as number] as number;
    }
    s.set(t);
    addRoundKey(s, roundKeys, round);
    if (round > 0) {
      for (let c = 0; c < 4; c++) {
        const a0 = s[4 * c] as number;
        const a1 = s[4 * c + 1] as number;
        const a2 = s[4 * c + 2] as number;
        const a3 = s[4 * c + 3] as number;
        s[4 * c] = multiply(a0, 14) ^ multiply(a1, 11) ^ multiply(a2, 13) ^ multiply(a3, 9);
        s[4 * c + 1] = multiply(a0, 9) ^ multiply(a1, 14) ^ multiply(a2, 11) ^ multiply(a3, 13);
        s[4 * c + 2] = multiply(a0, 13) ^ multiply(a1, 9) ^ multiply(a2, 14) ^ multiply(a3, 11);
        s[4 * c + 3] = multiply(a0, 11) ^ multiply(a1, 13) ^ multiply(a2, 9) ^ multiply(a3, 14);
      }
    }
  }
  return s;
}

/** AES-128-ECB with PKCS#7 padding. Exported for the test vectors; callers use encryptPath/decryptPath. */
export function aes128EcbEncrypt(plain: Uint8Array, key: Uint8Array): Uint8Array {
  const roundKeys = expandKey(key);
  const padding = 16 - (plain.length % 16);
  const padded = new Uint8Array(plain.length + padding);
  padded.set(plain);
  padded.fill(padding, plain.length);
  const out = new Uint8Array(padded.length);
  for (let i = 0; i < padded.length; i += 16) out.set(encryptBlock(padded.subarray(i, i + 16), roundKeys), i);
  return out;
}

/** Returns null when the input is not whole blocks or the padding is wrong. */
export function aes128EcbDecrypt(cipher: Uint8Array, key: Uint8Array): Uint8Array | null {
  if (cipher.length === 0 || cipher.length % 16 !== 0) return null;
  const roundKeys = expandKey(key);
  const out = new Uint8Array(cipher.length);
  for (let i = 0; i < cipher.length; i += 16) out.set(decryptBlock(cipher.subarray(i, i + 16), roundKeys), i);
  const padding = out[out.length - 1] as number;
  if (padding < 1 || padding > 16) return null;
  for (let i = out.length - padding; i < out.length; i++) if (out[i] !== padding) return null;
  return out.subarray(0, out.length - padding);
}

/** The key is the package name right-padded with '0' to 16 bytes, or cut at 16. */
export function pathKey(packageName: string): Uint8Array {
  const bytes = new TextEncoder().encode(packageName).subarray(0, 16);
  const key = new Uint8Array(16).fill(0x30);
  key.set(bytes);
  return key;
}

export function toHex(bytes: Uint8Array): string {
  let hex = '';
  for (const b of bytes) hex += b.toString(16).padStart(2, '0');
  return hex;
}

export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** `/security/login` → lowercase hex, as the client sends it after `/api/`. */
export function encryptPath(clearPath: string, packageName: string): string {
  return toHex(aes128EcbEncrypt(new TextEncoder().encode(clearPath), pathKey(packageName)));
}

/** The clear path, or null when the text is not a cipher of a path under this package name's key. */
export function decryptPath(cipherHex: string, packageName: string): string | null {
  if (cipherHex.length === 0 || cipherHex.length % 32 !== 0) return null;
  const bytes = fromHex(cipherHex);
  if (!bytes) return null;
  const plain = aes128EcbDecrypt(bytes, pathKey(packageName));
  if (!plain) return null;
  let path: string;
  try {
    path = new TextDecoder('utf-8', { fatal: true }).decode(plain);
  } catch {
    return null;
  }
  return /^\/[A-Za-z0-9_\-/.]*$/.test(path) ? path : null;
}
