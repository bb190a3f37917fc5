/** Outgoing email goes to the outbox table; a sender (where configured) delivers it, development reads it back. */
export interface OutboxMessage {
  to: string
  kind: 'password_reset' | 'order_confirmation' | 'gift_card' | 'contact'
  subject: string
  body: string
}

export function outboxStatement(db: D1Database, message: OutboxMessage): D1PreparedStatement {
  return db
    .prepare('INSERT INTO outbox (to_email, kind, subject, body) VALUES (?, ?, ?, ?)')
    .bind(message.to.toLowerCase(), message.kind, message.subject, message.body)
}

export async function sendToOutbox(db: D1Database, message: OutboxMessage): Promise<void> {
  await outboxStatement(db, message).run()
}
