// A seal worker that never answers (seal.server.test.ts): a busy loop that only the pool's time limit can end.
export default function hang() {
  for (;;);
}
