// Test-lane only (loaded with `node.exe --require` under Wine, never shipped): Wine 8 has no TCP_KEEPIDLE,
// so a socket's setKeepAlive(true, delay) fails and fetch (undici sets keep-alive with a delay) rejects
// with "connect UNKNOWN". Real Windows has the option; here keep-alive becomes a no-op.
'use strict';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS preload for node --require
const net = require('node:net');
if (process.platform === 'win32') {
  net.Socket.prototype.setKeepAlive = function setKeepAlive() {
    return this;
  };
}
