/** What /api/health reads of the database: a query within a time limit (the repository runs it). */
export { readDatabase, within } from '../repo/health'
