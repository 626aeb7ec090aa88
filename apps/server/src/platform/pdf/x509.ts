import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

/*
 * @peculiar/x509, ready to use: its dependency injection (tsyringe) needs the reflect-metadata
 * polyfill loaded first, and its crypto provider is node's WebCrypto. Import it from here.
 */
x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

export { x509 };
