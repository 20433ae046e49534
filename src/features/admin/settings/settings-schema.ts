// The settings' shapes live with the API contracts: the server (the mock here) validates with them too.
export * from '../../../../shared/contracts/settings'
