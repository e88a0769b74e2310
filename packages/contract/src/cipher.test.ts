import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  aes128EcbDecrypt,
  aes128EcbEncrypt,
  decryptPath,
  encryptPath,
  fromHex,
  pathKey,
  toHex,
} from './cipher.ts';

describe('AES-128 block cipher', () => {
  it('matches the FIPS-197 appendix C.1 vector', () => {
    const key = fromHex('000102030405060708090a0b0c0d0e0f') as Uint8Array;
    const plain = fromHex('00112233445566778899aabbccddeeff') as Uint8Array;
    // One full block of plain text gains a full block of padding; the first block is the raw AES output.
    expect(toHex(aes128EcbEncrypt(plain, key)).slice(0, 32)).toBe('69c4e0d86a7b0430d8cdb78070b4c55a');
    expect(toHex(aes128EcbDecrypt(aes128EcbEncrypt(plain, key), key) as Uint8Array)).toBe(
      '00112233445566778899aabbccddeeff',
    );
  });
});

// Vectors computed once with OpenSSL (aes-128-ecb, PKCS#7); a native client must produce the same.
const vectors = [
  { packageName: 'ph.hiram.app', path: '/security/login', hex: 'e648a211511b4c9e3b2b7e6a61ab380e' },
  {
    packageName: 'ph.hiram.app',
    path: '/loan/product/list',
    hex: '2ca166aa832d52d76121f7f388421783664b6cff4ba8ff4d9dbece3e69a4aef9',
  },
  {
    packageName: 'com.example.lender.app',
    path: '/security/getVerifyCode',
    hex: '27ae30e4e1d6ba1fb975a70453a8bb4c0094f1f23b97c26ab2be251d247eba81',
  },
];

function openssl(path: string, packageName: string): string {
  const cipher = createCipheriv('aes-128-ecb', Buffer.from(pathKey(packageName)), null);
  return Buffer.concat([cipher.update(path, 'utf8'), cipher.final()]).toString('hex');
}

describe('path cipher', () => {
  it('pads short package names with 0 and cuts long ones at 16 bytes', () => {
    expect(new TextDecoder().decode(pathKey('ph.hiram.app'))).toBe('ph.hiram.app0000');
    expect(new TextDecoder().decode(pathKey('com.example.lender.app'))).toBe('com.example.lend');
  });

  it.each(vectors)(
    'encrypts $path under $packageName to the vector, and back',
    ({ packageName, path, hex }) => {
      expect(encryptPath(path, packageName)).toBe(hex);
      expect(openssl(path, packageName)).toBe(hex);
      expect(decryptPath(hex, packageName)).toBe(path);
      expect(decryptPath(hex.toUpperCase(), packageName)).toBe(path);
    },
  );

  it('round-trips every path shape the API uses', () => {
    for (const path of ['/a', '/user/upload/otherCard/front', '/loan/loan-order/latest', '/x'.repeat(40)]) {
      expect(decryptPath(encryptPath(path, 'ph.hiram.app'), 'ph.hiram.app')).toBe(path);
      expect(encryptPath(path, 'ph.hiram.app')).toBe(openssl(path, 'ph.hiram.app'));
    }
  });

  it('refuses text that is not a cipher of a path under that key', () => {
    expect(decryptPath('', 'ph.hiram.app')).toBeNull();
    expect(decryptPath('abc', 'ph.hiram.app')).toBeNull();
    expect(decryptPath('zz'.repeat(16), 'ph.hiram.app')).toBeNull();
    expect(decryptPath('00'.repeat(16), 'ph.hiram.app')).toBeNull();
    // A valid cipher under another brand's key does not decrypt to a path under ours.
    expect(decryptPath(encryptPath('/security/login', 'other.brand'), 'ph.hiram.app')).toBeNull();
  });
});
