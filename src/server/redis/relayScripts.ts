// The Redis store's scripts. Each runs atomically in Redis: an open, a settle (the one winner of
// racing answers, timeouts and withdrawals), a person's snapshot, and the sweep of requests whose
// holder's lease has expired. Keys are built from one prefix, so the store needs one Redis (not a Cluster).
//
//   {p}:req:{id}      hash: record (JSON, while open), owner, holder, closed (reason), settlement (JSON, once closed)
//   {p}:open:{owner}  sorted set: open ids by position
//   {p}:pos:{owner}   the person's stream position (starts from the clock in ms, so it never goes back)
//   {p}:closed:{owner} list: recently closed { position, id, reason, at }
//   {p}:held:{holder} set: ids a relay instance holds;  {p}:holders: set of instances;  {p}:lease:{holder}: its lease
//   channels {p}:owner:{owner} (stream events) and {p}:holder:{holder} (settlements)

/** Shared by the settle and sweep scripts: closes one open request, or says why it cannot. */
const SETTLE_ONE = `
local function settle_one(p, id, settlement, reason, owner_check, keep_ms, now_ms, start_pos, keep_count)
  local req = p .. ':req:' .. id
  local owner = redis.call('HGET', req, 'owner')
  if not owner then return {'not-found'} end
  if owner_check ~= '' and owner_check ~= owner then return {'not-found'} end
  local closed = redis.call('HGET', req, 'closed')
  if closed then
    if owner_check == '' then return {'already-closed', closed, redis.call('HGET', req, 'settlement') or ''} end
    return {'already-closed', closed}
  end
  local holder = redis.call('HGET', req, 'holder')
  local pos_key = p .. ':pos:' .. owner
  if redis.call('EXISTS', pos_key) == 0 then redis.call('SET', pos_key, start_pos) end
  local pos = redis.call('INCR', pos_key)
  redis.call('PEXPIRE', pos_key, 604800000)
  redis.call('HDEL', req, 'record')
  redis.call('HSET', req, 'closed', reason, 'settlement', settlement)
  redis.call('PEXPIRE', req, keep_ms)
  redis.call('ZREM', p .. ':open:' .. owner, id)
  redis.call('SREM', p .. ':held:' .. holder, id)
  local closed_key = p .. ':closed:' .. owner
  redis.call('RPUSH', closed_key, '{"position":' .. pos .. ',"id":"' .. id .. '","reason":"' .. reason .. '","at":' .. now_ms .. '}')
  redis.call('LTRIM', closed_key, -keep_count, -1)
  redis.call('PEXPIRE', closed_key, keep_ms)
  redis.call('PUBLISH', p .. ':owner:' .. owner, '{"type":"closed","position":' .. pos .. ',"id":"' .. id .. '","reason":"' .. reason .. '"}')
  redis.call('PUBLISH', p .. ':holder:' .. holder, '{"id":"' .. id .. '","settlement":' .. settlement .. '}')
  return {'settled'}
end
`;

/** KEYS: none. ARGV: prefix, id, record JSON, owner, holder, maxOpen, ttl ms, now ms (the start of a new position). Returns 1 when opened, 0 when the person has maxOpen open. */
export const OPEN_SCRIPT = `
local p, id, record, owner, holder = ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5]
local open_key = p .. ':open:' .. owner
if redis.call('ZCARD', open_key) >= tonumber(ARGV[6]) then return 0 end
local pos_key = p .. ':pos:' .. owner
if redis.call('EXISTS', pos_key) == 0 then redis.call('SET', pos_key, ARGV[8]) end
local pos = redis.call('INCR', pos_key)
redis.call('PEXPIRE', pos_key, 604800000)
local req = p .. ':req:' .. id
redis.call('HSET', req, 'record', record, 'owner', owner, 'holder', holder)
redis.call('PEXPIRE', req, ARGV[7])
redis.call('ZADD', open_key, pos, id)
redis.call('SADD', p .. ':held:' .. holder, id)
redis.call('SADD', p .. ':holders', holder)
redis.call('PUBLISH', p .. ':owner:' .. owner, '{"type":"request","position":' .. pos .. ',"record":' .. record .. '}')
return 1
`;

/** ARGV: prefix, id, settlement JSON, reason, owner or "", keep ms, now ms, now ms (the start of a new position), keep count. */
export const SETTLE_SCRIPT = `${SETTLE_ONE}
return settle_one(ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5], ARGV[6], ARGV[7], ARGV[8], tonumber(ARGV[9]))
`;

/** ARGV: prefix, owner, now ms (the start of a new position). Returns { position, open record JSONs (live holders only), closed entries }. */
export const SNAPSHOT_SCRIPT = `
local p, owner = ARGV[1], ARGV[2]
local pos_key = p .. ':pos:' .. owner
local pos = redis.call('GET', pos_key)
if not pos then
  redis.call('SET', pos_key, ARGV[3])
  pos = ARGV[3]
end
redis.call('PEXPIRE', pos_key, 604800000)
local open_key = p .. ':open:' .. owner
local records = {}
for _, id in ipairs(redis.call('ZRANGE', open_key, 0, -1)) do
  local found = redis.call('HMGET', p .. ':req:' .. id, 'record', 'holder')
  if not found[1] then
    redis.call('ZREM', open_key, id)
  elseif redis.call('EXISTS', p .. ':lease:' .. found[2]) == 1 then
    table.insert(records, found[1])
  end
end
return {pos, records, redis.call('LRANGE', p .. ':closed:' .. owner, 0, -1)}
`;

/** ARGV: prefix, keep ms, now ms, now ms (the start of a new position), keep count. Closes ("closed") every request of every holder whose lease expired; returns how many. */
export const SWEEP_SCRIPT = `${SETTLE_ONE}
local p = ARGV[1]
local count = 0
for _, holder in ipairs(redis.call('SMEMBERS', p .. ':holders')) do
  if redis.call('EXISTS', p .. ':lease:' .. holder) == 0 then
    for _, id in ipairs(redis.call('SMEMBERS', p .. ':held:' .. holder)) do
      local outcome = settle_one(p, id, '{"reason":"closed"}', 'closed', '', ARGV[2], ARGV[3], ARGV[4], tonumber(ARGV[5]))
      if outcome[1] == 'settled' then count = count + 1 end
    end
    redis.call('DEL', p .. ':held:' .. holder)
    redis.call('SREM', p .. ':holders', holder)
  end
end
return count
`;
