import { startSmtpSink } from '../../server/src/test/smtpSink.ts';

/**
 * The bench's SMTP peer in its own process (so receiving does not share the sender's event
 * loop): prints nothing, tells the parent its port over IPC, answers {count} with how many
 * messages it accepted, exits when the parent disconnects.
 */
const sink = await startSmtpSink({ parse: false });
process.send?.({ port: sink.port });
process.on('message', (msg: { count?: boolean }) => {
  if (msg.count) {
    process.send?.({
      count: sink.messages.length,
      bytes: sink.messages.reduce((n, m) => n + m.raw.length, 0),
    });
  }
});
process.on('disconnect', () => {
  void sink.close().then(() => process.exit(0));
});
