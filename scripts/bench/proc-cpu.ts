/** CPU time from /proc (Linux), for the benchmarks' CPU-per-request figures. */
import { readFileSync, readdirSync } from 'node:fs';

/** CPU seconds (user + system) a process and its child processes have used so far, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    let ticks = Number(fields[11]) + Number(fields[12]); // utime, stime
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) ticks += cpuSeconds(Number(child)) * 100;
    }
    return ticks / 100; // USER_HZ
  } catch {
    return 0; // gone, or not on this machine
  }
}
