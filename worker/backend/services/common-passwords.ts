import type { Locale } from '#kernel/models.ts'
import { readStoreSettings } from '#worker/lib/store-settings.ts'
import { BackendError } from '../shared/errors.ts'

/**
 * NIST SP 800-63B 5.1.1.2: a new password is checked against passwords known to be used often and against words of
 * this service (its name, the account's email). Only at signup, password change and reset; a login never refuses an
 * old password for this. docs/security.md 'Passwords'.
 */

/** The letters of a text, lowercase: 'Basecamp2026!' and 'base-camp1' are both 'basecamp'. */
const lettersOf = (text: string) => text.toLowerCase().replace(/[^\p{L}]/gu, '')

/** The shop's name (its settings), whole and word by word: 'Basecamp Outfitters' gives 'basecampoutfitters', 'basecamp', 'outfitters'. */
const storeWords = (name: string) => [name, ...name.split(/\s+/)].map(lettersOf).filter((w) => w.length >= 4)

/** True when the password is nothing but the store's name or the email's local part plus digits and signs. */
export function isOwnWordsPassword(password: string, email?: string, storeName = ''): boolean {
  const letters = lettersOf(password)
  const local = lettersOf(email?.split('@')[0] ?? '')
  return storeWords(storeName).includes(letters) || (local.length >= 3 && letters === local)
}

/** True when the password is one of the most used ones (a table, migration 0390), or the store's name or the email's local part plus digits and signs. */
export async function isGuessablePassword(db: D1Database, password: string, email?: string): Promise<boolean> {
  const [settings, common] = await Promise.all([
    readStoreSettings(db).catch(() => null),
    db.prepare('SELECT 1 AS found FROM common_passwords WHERE password = ?').bind(password.toLowerCase()).first(),
  ])
  return Boolean(common) || isOwnWordsPassword(password, email, settings?.name ?? '')
}

/** Refuses (422 naming `password`, in the request's language) a new password that is easy to guess. */
export async function refuseGuessablePassword(db: D1Database, password: string, email: string | undefined, locale: Locale): Promise<void> {
  if (!(await isGuessablePassword(db, password, email))) return
  const message =
    locale === 'de'
      ? 'Dieses Passwort ist zu leicht zu erraten: Es gehört zu den meistgenutzten Passwörtern oder besteht aus dem Namen des Shops oder Ihrer E-Mail-Adresse. Bitte wählen Sie ein anderes.'
      : "This password is too easy to guess: it is one of the most used passwords, or made of the store's name or your email address. Please choose another one."
  throw new BackendError(422, message, { password: [message] }, undefined, 'password_common')
}
