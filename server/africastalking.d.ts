// The official package ships no types; this is the part the SMS sender uses.
declare module 'africastalking' {
  interface AfricasTalkingSms {
    send(params: { to: string[]; message: string; from?: string }): Promise<unknown>
  }
  export default function AfricasTalking(options: { username: string; apiKey: string }): { SMS: AfricasTalkingSms }
}
