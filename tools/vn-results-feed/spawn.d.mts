import type { ChildProcess } from 'node:child_process';

export interface FeedResult { region: 'north' | 'central' | 'south'; province?: string; date: string; prizes: Record<string, string[]> }
export function spawnFeed(opts?: { port?: number }): Promise<{ child: ChildProcess; url: string; post(result: FeedResult): Promise<void>; stop(): Promise<void> }>;
