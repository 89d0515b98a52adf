/** Whether an IPC message is an object whose `type` is `type`. */
export function isMessageOf(message: unknown, type: string): boolean {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/**
 * Sends `question` to this process's parent over the IPC channel (`process.send`) and resolves
 * with the first message of type `answerType`, or with 'disconnected' if the channel closes
 * first. Asking, rather than listening for a message the parent sends on its own, means none
 * is lost: a message that arrives before a listener exists is dropped.
 */
export function askParent<A>(
  send: NonNullable<typeof process.send>,
  question: { type: string },
  answerType: string,
): Promise<A | 'disconnected'> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('message', onMessage);
      process.off('disconnect', onDisconnect);
    };
    const onMessage = (message: unknown) => {
      if (isMessageOf(message, answerType)) {
        stop();
        resolve(message as A);
      }
    };
    const onDisconnect = () => {
      stop();
      resolve('disconnected');
    };
    process.on('message', onMessage);
    process.on('disconnect', onDisconnect);
    send(question);
  });
}
