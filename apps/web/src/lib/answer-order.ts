/**
 * The answers about one thing on the server (the identity check), taken in the order that keeps the screen
 * true: each request has a connection of its own and is answered when it is answered, so a read that left
 * before a change may arrive after the change's answer and say what the server had before it. Each request
 * takes a ticket as it leaves; a read's answer is used unless a later read's was, or a change was answered
 * after the read left; a change's answer is used unless a later change's was.
 */
export class AnswerOrder {
  private asked = 0;
  private lastRead = 0;
  private lastChange = 0;
  /** Reads asked before this ticket may predate a change already shown. */
  private readsFrom = 0;

  /** Taken as a request leaves. */
  ask(): number {
    this.asked += 1;
    return this.asked;
  }

  /** Whether the answer to the read `ticket` may be shown (it then is). */
  read(ticket: number): boolean {
    if (ticket < this.readsFrom || ticket < this.lastRead) return false;
    this.lastRead = ticket;
    return true;
  }

  /** Whether the answer to the change `ticket` may be shown; every read under way is then out of date. */
  changed(ticket: number): boolean {
    if (ticket < this.lastChange) return false;
    this.lastChange = ticket;
    this.readsFrom = this.asked + 1;
    return true;
  }
}
