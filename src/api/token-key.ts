/** SPEC.md section 9: the token lives in localStorage under this key. */
export const TOKEN_KEY = 'token'
