/**
 * The console's clock: the stations' and the registers' wall clock (Asia/Shanghai, as the server stores and answers
 * times; src/server/db/databaseClock.ts), whatever zone the browser runs in. "Now", "today" and the default ranges
 * of the pages come from here, so a browser in another zone (or a test machine in UTC after Shanghai's midnight)
 * asks for the same days the server counts in.
 */

/** The zone the server stores and answers times in (src/server/db/pool.ts DATABASE_TIME_ZONE). */
export const STATION_TIME_ZONE = 'Asia/Shanghai';

/** The stations' wall clock now, as the wire format yyyy-MM-dd HH:mm:ss. */
export function stationNow(now: Date = new Date(), timeZone = STATION_TIME_ZONE): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The stations' today, yyyy-MM-dd. */
export const stationToday = (now: Date = new Date()): string => stationNow(now).slice(0, 10);
