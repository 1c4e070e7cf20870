// One slow network link that every connection of the browser shares, as a phone's radio is shared:
// a TCP proxy in front of the server that holds each chunk for half the round trip and sends the
// chunks of all connections, in arrival order, at the link's rate.
//
// Chrome's own throttling (profiles.mjs) shapes each page's requests, but not those of its
// service worker, which on a first visit fetches every bundle behind the page: under it, what the
// worker downloads costs the page nothing. Behind this proxy it costs what it would on a phone.

import net from 'node:net';

/** One direction of the link: chunks go over it in arrival order at `bytesPerSecond`, and each
 * arrives `delayMs` after it is through. */
class Direction {
  constructor(bytesPerSecond, delayMs) {
    this.rate = bytesPerSecond / 1000; // bytes per millisecond
    this.delay = delayMs;
    this.free = 0; // when the link has sent everything queued so far (ms, performance.now())
  }

  /** Sends `chunk` to `to` when the link gets to it. */
  send(chunk, to) {
    const now = performance.now();
    const start = Math.max(now, this.free);
    this.free = start + chunk.length / this.rate;
    setTimeout(() => { if (!to.destroyed) to.write(chunk); }, this.arrival() - now);
  }

  /** When everything sent so far has arrived. */
  arrival() {
    return this.free + this.delay;
  }
}

/**
 * Starts the link in front of `target` (`http://host:port`): `{ url, close }`, where `url` is the
 * same server behind the link. `network` is a profile's (`latency` in ms for the round trip,
 * `downloadThroughput` and `uploadThroughput` in bytes per second).
 */
export async function sharedLink(target, network) {
  const { hostname, port } = new URL(target);
  const down = new Direction(network.downloadThroughput, network.latency / 2);
  const up = new Direction(network.uploadThroughput, network.latency / 2);
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => { client.destroy(); upstream.destroy(); });
    }
    client.on('data', (chunk) => up.send(chunk, upstream));
    upstream.on('data', (chunk) => down.send(chunk, client));
    // A closing side closes the other once what it sent before has arrived.
    client.on('end', () => setTimeout(() => upstream.end(), up.arrival() - performance.now() + 1));
    upstream.on('end', () => setTimeout(() => client.end(), down.arrival() - performance.now() + 1));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
