/**
 * `npm run worker`: a process that runs jobs from Redis (REDIS_URL) in JOB_WORKERS threads,
 * reading and keeping files in the same store as the servers (DATA_DIR or FILE_STORE_URL). Start
 * as many as the machines allow; each takes the next waiting job.
 */
import { loadConfig } from '../config.ts';
import { startBullWorker } from './bullmq-queue.ts';
import { jobSettings } from './open-queue.ts';
import { RedisClientMissing } from './redis-connection.ts';

async function main(): Promise<void> {
  process.umask(0o077);
  const settings = jobSettings();
  if (!settings.redisUrl) {
    console.error('npm run worker takes jobs from Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379). Without it the server runs jobs itself.');
    process.exit(2);
  }
  const { dataDir, fileStoreUrl } = loadConfig();
  const worker = await startBullWorker({ url: settings.redisUrl, workers: settings.workers, storage: { dataDir, fileStoreUrl } });
  const where = settings.redisUrl.replace(/\/\/[^@/]*@/, '//***@');
  process.stdout.write(`Plinth job worker: ${settings.workers} thread(s), jobs from ${where}\n`);
  const stop = async () => {
    await worker.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

await main().catch((error: unknown) => {
  // A missing client or an unreachable Redis is said in one line, not a stack.
  console.error(error instanceof RedisClientMissing ? error.message : error);
  process.exit(1);
});
