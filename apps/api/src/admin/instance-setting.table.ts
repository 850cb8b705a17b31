import type { ColumnType } from 'kysely';

/** An instance-wide setting by name (the sign-up policy, branding), as JSON. */
export interface InstanceSettingTable {
  name: string;
  value: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
