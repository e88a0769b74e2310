/** The package name a client sends when it has none of its own (SPEC section 9: "a fixed value"). */
export const DEFAULT_PACKAGE_NAME = 'ph.hiram.app';
export const DEFAULT_APP_NAME = 'Hiram';
