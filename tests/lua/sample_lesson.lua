-- sample_lesson.lua - a small lesson played headless by tests/lua/lesson.t.
page{ title = "Warps and lanes", text = "A warp is 32 threads that step together.\nEach thread is a lane." }

ask{ q = "How many lanes does a warp have?", answer = 32,
     hints = { "Count the threads that step together.", "It is a power of two between 16 and 64." } }

ask{ q = "After __shfl_down_sync(mask, v, 1), whose value does lane 5 hold?",
     check = function(a) return a:match("^%s*lane%s*6%s*$") or a:match("^%s*6%s*$"), nil end,
     hints = { "shfl_down reads from a higher lane." } }

task{ text = "Step until warp 0 reaches line 12.",
      until_ = function(s) return s.kind == "line" and s.line == 12 end }

exercise{ text = "Add the missing __syncthreads() before the read.", file = "tile.cu",
          check = function(src)
                  if src:find("__syncthreads%(%)") then return true end
                  return false, "the read still races with the write"
          end }

page{ title = "Done", text = "You met lanes, shuffles, tasks and exercises." }
