export interface PostgresCluster {
  dir: string;
  port: number;
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
}
export function postgresBinDir(): string;
export function startPostgres(): Promise<PostgresCluster>;
export function stopPostgres(dir: string): void;
