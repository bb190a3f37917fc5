import { config } from 'zod/mini'
import en from 'zod/v4/locales/en.js'

// zod/mini loads no locale: without this a schema that gives no message says only 'Invalid input'. The API's answers
// (worker/backend/shared/errors.ts reads these) and the console's forms keep zod's English wording (decision 0077).
config(en())
