import { Column, ColumnOptions } from 'typeorm';
import { bigintTransformer, numericTransformer } from './transformers';

/** Column helpers so every module maps types the same way. Column names are the snake_case property names. */
export const TimestampColumn = (options: ColumnOptions = {}) => Column({ type: 'timestamptz', precision: 3, ...options });
export const MoneyColumn = (options: ColumnOptions = {}) => Column({ type: 'bigint', transformer: bigintTransformer, ...options });
export const DecimalColumn = (options: ColumnOptions = {}) => Column({ type: 'numeric', transformer: numericTransformer, ...options });
export const JsonColumn = (options: ColumnOptions = {}) => Column({ type: 'jsonb', ...options });
export const TextColumn = (options: ColumnOptions = {}) => Column({ type: 'text', ...options });
