/** Outgoing email goes to the outbox table; a sender (where configured) delivers it, development reads it back. */
export interface OutboxMessage {
  to: string
  kind: 'password_reset' | 'order_confirmation' | 'gift_card' | 'contact' | 'order_shipped' | 'order_canceled' | 'refund'
  subject: string
  body: string
}

export function outboxStatement(db: D1Database, message: OutboxMessage): D1PreparedStatement {
  return db
    .prepare('INSERT INTO outbox (to_email, kind, subject, body) VALUES (?, ?, ?, ?)')
    .bind(message.to.toLowerCase(), message.kind, message.subject, message.body)
}

/** Many messages in one statement (a JSON array), so a batch does not grow with their number. */
export function outboxManyStatement(db: D1Database, messages: OutboxMessage[]): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO outbox (to_email, kind, subject, body)
       SELECT lower(json_extract(value, '$.to')), json_extract(value, '$.kind'), json_extract(value, '$.subject'), json_extract(value, '$.body') FROM json_each(?)`,
    )
    .bind(JSON.stringify(messages))
}

export async function sendToOutbox(db: D1Database, message: OutboxMessage): Promise<void> {
  await outboxStatement(db, message).run()
}
