/** Tables of the agent-invites domain (see its migration). */
export {};
