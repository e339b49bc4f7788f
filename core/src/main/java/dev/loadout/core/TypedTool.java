package dev.loadout.core;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import org.apiguardian.api.API;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A tool whose arguments are a Java record: the parameters schema is generated from the record, and each call's
 * checked arguments are bound to an instance of it before the handler runs.
 *
 * <pre>
 * &#64;LoadoutTool(description = "The weather for a city, today or in the next days.")
 * record GetWeather(&#64;Description("City name, such as Oslo") String city,
 *                   &#64;DefaultValue("1") &#64;Min(1) &#64;Max(7) int days, Optional&lt;Unit&gt; unit) {}
 *
 * BaseTool weather = TypedTool.builder(GetWeather.class)
 *     .handler((args, turn) -&gt; forecasts.lookup(args.city(), args.days()))
 *     .build();
 * </pre>
 *
 * <p><b>The schema.</b> One property per record component, named as the component. Strings, numbers, booleans,
 * enums, nested records, {@code List}, {@code Set}, arrays and {@code Map<String, V>} are described;
 * {@link Description} gives a property, record or enum its description; Bean Validation constraints
 * ({@code @Min}, {@code @Max}, {@code @Size}, {@code @Pattern}, {@code @NotNull} and a few more, from
 * {@code jakarta.validation} or {@code javax.validation}) become the matching keywords when the host has that API on
 * its class path (core reads them by name and needs no dependency). A component is required unless it is an
 * {@code Optional} (or {@code OptionalInt}, {@code OptionalLong}, {@code OptionalDouble}) or has a
 * {@link DefaultValue}; a boxed type such as {@code Integer} is required like its primitive, since a model that
 * may leave a value out should be told so by the type. Every object is closed
 * ({@code additionalProperties: false}). A record that refers to itself, a type the generator cannot describe and
 * nesting deeper than 16 levels are refused by {@link Builder#build()}, naming the component's path.
 *
 * <p><b>A call.</b> Loadout checks the arguments against the schema the model was shown before {@code execute} runs,
 * so the handler sees only values the schema allows. Binding can still refuse a value the schema could not rule out
 * (an integer beyond {@code int}, a record's own constructor check): that, like any argument a tool cannot read,
 * is an {@link ToolResult#INVALID_ARGUMENTS} failure naming the property, never an exception.
 *
 * <p><b>The result.</b> What the handler returns becomes the call's {@link ToolResult}: a {@code ToolResult} passes
 * through; a {@code String} is {@link ToolResult#text(String)}; a {@link CompletionStage} is waited for without
 * blocking and its value converted the same way; anything else (a record, a map, a list) is serialised by Jackson
 * into {@link ToolResult#success(JsonNode) data}. A handler that throws, or returns null, gives a
 * {@link ToolResult#TOOL_ERROR} like any tool.
 *
 * <p>A typed tool is an ordinary {@link BaseTool}: register it, filter it and render it like any other, and give it
 * per-turn variants with {@link Builder#assembling(BiFunction)}. A variant that drops a property binds the record
 * with that component absent (empty, its default, null or zero).
 *
 * @param <A> the record of the tool's arguments
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TypedTool<A extends Record> implements BaseTool {
  private final ToolSpec spec;
  private final Class<A> argumentsType;
  private final Handler<? super A> handler;
  private final BiFunction<ToolSpec, TurnContext, Optional<ToolSpec>> assembler;

  private TypedTool(ToolSpec spec, Class<A> argumentsType, Handler<? super A> handler,
      BiFunction<ToolSpec, TurnContext, Optional<ToolSpec>> assembler) {
    this.spec = spec;
    this.argumentsType = argumentsType;
    this.handler = handler;
    this.assembler = assembler;
  }

  /**
   * Starts a typed tool whose arguments are this record. Its name and description come from {@link LoadoutTool} on
   * the record when present, else the name is the record's simple name in snake case; the builder can set both.
   *
   * @param argumentsType the record class; never null
   * @return a builder; never null
   * @throws IllegalArgumentException if the class is not a record
   */
  public static <A extends Record> Builder<A> builder(Class<A> argumentsType) {
    if (argumentsType == null || !argumentsType.isRecord()) {
      throw new IllegalArgumentException("typed tool arguments must be a record class, but was " + argumentsType);
    }
    return new Builder<>(argumentsType);
  }

  /**
   * One typed tool for each method of the object annotated with {@link LoadoutTool}, sorted by tool name. Such a
   * method takes the arguments record, optionally followed by the {@link TurnContext}, and returns what a
   * {@link Handler} returns; its tool is named by the annotation or, without a name there, by the method's name in
   * snake case. The methods may be static or not, and need not be public.
   *
   * <pre>
   * final class WeatherTools {
   *   &#64;LoadoutTool(description = "The weather for a city.")
   *   Forecast getWeather(GetWeather args, TurnContext turn) { ... }
   * }
   * registry.register(TypedTool.fromMethods(new WeatherTools()).toArray(BaseTool[]::new));
   * </pre>
   *
   * @param target the object whose methods are called; never null
   * @return the tools; never null, empty when no method is annotated
   * @throws IllegalArgumentException naming the method if one has another signature or its record cannot be described
   */
  public static java.util.List<TypedTool<?>> fromMethods(Object target) {
    return MethodTools.of(target);
  }

  /** The record the arguments are bound to; never null. */
  public Class<A> argumentsType() {
    return argumentsType;
  }

  @Override
  public ToolSpec spec() {
    return spec;
  }

  @Override
  public Optional<ToolSpec> assembleForContext(TurnContext context) {
    return assembler == null ? Optional.of(spec) : assembler.apply(spec, context);
  }

  @Override
  public CompletionStage<ToolResult> execute(ToolCall call, TurnContext context) {
    Object bound = bind(call);
    if (bound instanceof ToolResult) {
      return CompletableFuture.completedFuture((ToolResult) bound);
    }
    Object out;
    try {
      out = handler.handle(argumentsType.cast(bound), context);
    } catch (Exception e) {
      return CompletableFuture.failedFuture(e);
    }
    if (out instanceof CompletionStage) {
      return ((CompletionStage<?>) out).thenApply(this::result);
    }
    try {
      return CompletableFuture.completedFuture(result(out));
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** The bound record, or the failure that says why the arguments could not be bound. */
  private Object bind(ToolCall call) {
    ObjectNode arguments;
    try {
      arguments = call.argumentsJson();
    } catch (IllegalStateException e) {
      // Only a host calling execute directly gets here: Loadout never runs a tool on arguments that are not an object.
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, "The arguments for tool '" + spec.name()
          + "' are not a JSON object.", false);
    }
    RecordSchema.fillDefaults(spec.parametersView(), arguments);
    try {
      return Json.MAPPER.treeToValue(arguments, argumentsType);
    } catch (JacksonException e) {
      return ToolResult.failure(ToolResult.INVALID_ARGUMENTS, bindingMessage(e), false);
    }
  }

  private String bindingMessage(JacksonException e) {
    StringBuilder pointer = new StringBuilder();
    for (JacksonException.Reference r : e.getPath()) {
      pointer.append('/').append(r.getPropertyName() != null ? r.getPropertyName() : String.valueOf(r.getIndex()));
    }
    // A record's own constructor check speaks for the host; Jackson's own text names Java types, which the model
    // cannot act on, so it gets the place and the gist only.
    Throwable cause = e.getCause();
    String why = cause instanceof IllegalArgumentException && cause.getMessage() != null
        ? cause.getMessage()
        : "the value does not fit the type the tool reads it as (a number too large, say)";
    if (why.length() > 200) {
      why = why.substring(0, 200) + "…";
    }
    return "Invalid arguments for tool '" + spec.name() + "': " + (pointer.length() == 0 ? "/" : pointer) + ": " + why;
  }

  private ToolResult result(Object out) {
    if (out instanceof ToolResult) {
      return (ToolResult) out;
    }
    if (out instanceof String) {
      return ToolResult.text((String) out);
    }
    if (out == null) {
      throw new IllegalStateException("the handler of typed tool '" + spec.name() + "' returned null");
    }
    if (out instanceof CompletionStage) {
      throw new IllegalStateException("the handler of typed tool '" + spec.name() + "' returned a stage of a stage");
    }
    return ToolResult.success(Json.MAPPER.valueToTree(out));
  }

  @Override
  public String toString() {
    return "TypedTool(" + spec.name() + ", " + argumentsType.getName() + ")";
  }

  /**
   * Runs one call of a typed tool with its bound arguments.
   *
   * @param <A> the arguments record
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  @FunctionalInterface
  public interface Handler<A> {
    /**
     * Handles one call.
     *
     * @param arguments the call's arguments, checked and bound; never null
     * @param context the turn the call belongs to; never null
     * @return a {@link ToolResult}, a {@code String}, a {@link CompletionStage} of either, or any value Jackson
     *     serialises into the result's data; never null
     * @throws Exception for a failure the tool did not expect, which becomes a {@code tool_error} result
     */
    Object handle(A arguments, TurnContext context) throws Exception;
  }

  /**
   * Builds a {@link TypedTool}. The schema is generated and compiled in {@link #build()}, so a record that cannot
   * be described fails there, at configuration time, not on a call.
   *
   * @param <A> the arguments record
   * @since 0.1
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public static final class Builder<A extends Record> {
    private final Class<A> argumentsType;
    private String name;
    private String description;
    private Handler<? super A> handler;
    private Consumer<ToolSpec.Builder> specCustomizer = b -> {};
    private BiFunction<ToolSpec, TurnContext, Optional<ToolSpec>> assembler;

    private Builder(Class<A> argumentsType) {
      this.argumentsType = argumentsType;
      LoadoutTool tool = argumentsType.getAnnotation(LoadoutTool.class);
      this.name = tool != null && !tool.name().isEmpty() ? tool.name() : snakeCase(argumentsType.getSimpleName());
      Description described = argumentsType.getAnnotation(Description.class);
      this.description = tool != null && !tool.description().isEmpty() ? tool.description()
          : described != null ? described.value() : "";
    }

    /** Sets the tool name, matching {@link ToolSpec#NAME_PATTERN}; checked by {@link #build()}. */
    public Builder<A> name(String name) {
      if (name == null) {
        throw new IllegalArgumentException("name of typed tool for " + argumentsType.getName() + " must not be null");
      }
      this.name = name;
      return this;
    }

    /** Sets the description the model reads; null is refused, empty is allowed. */
    public Builder<A> description(String description) {
      if (description == null) {
        throw new IllegalArgumentException("description of typed tool '" + name + "' must not be null");
      }
      this.description = description;
      return this;
    }

    /** Sets what runs each call; required. */
    public Builder<A> handler(Handler<? super A> handler) {
      if (handler == null) {
        throw new IllegalArgumentException("handler of typed tool '" + name + "' must not be null");
      }
      this.handler = handler;
      return this;
    }

    /**
     * Sets the rest of the spec (group, permissions, providers, flags, timeout, …) on the {@link ToolSpec.Builder}
     * that already carries the generated schema, the name and the description. Runs in {@link #build()}.
     */
    public Builder<A> spec(Consumer<ToolSpec.Builder> customizer) {
      if (customizer == null) {
        throw new IllegalArgumentException("spec customizer of typed tool '" + name + "' must not be null");
      }
      this.specCustomizer = customizer;
      return this;
    }

    /**
     * Gives the tool per-turn variants, as {@link BaseTool#assembleForContext(TurnContext)}: the function gets the
     * full spec and the turn and returns the variant (from {@code spec.edit()}), the spec unchanged, or empty to hide
     * the tool. Without it the tool is shown unchanged on every turn.
     */
    public Builder<A> assembling(BiFunction<ToolSpec, TurnContext, Optional<ToolSpec>> assembler) {
      if (assembler == null) {
        throw new IllegalArgumentException("assembler of typed tool '" + name + "' must not be null");
      }
      this.assembler = assembler;
      return this;
    }

    /**
     * Generates the schema and builds the tool.
     *
     * @throws IllegalArgumentException naming the tool and the component if the record cannot be described, or as
     *     {@link ToolSpec.Builder#build()}
     * @throws IllegalStateException if no handler was set
     */
    public TypedTool<A> build() {
      if (handler == null) {
        throw new IllegalStateException("typed tool '" + name + "' needs a handler");
      }
      ObjectNode schema;
      try {
        schema = RecordSchema.of(argumentsType);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("typed tool '" + name + "': " + e.getMessage(), e);
      }
      ToolSpec.Builder spec = ToolSpec.builder(name, schema).description(description);
      specCustomizer.accept(spec);
      return new TypedTool<>(spec.build(), argumentsType, handler, assembler);
    }
  }

  /** {@code GetWeather} and {@code getWeather} give {@code get_weather}. */
  static String snakeCase(String name) {
    StringBuilder out = new StringBuilder(name.length() + 4);
    for (int i = 0; i < name.length(); i++) {
      char ch = name.charAt(i);
      if (Character.isUpperCase(ch)) {
        if (i > 0 && (Character.isLowerCase(name.charAt(i - 1))
            || (i + 1 < name.length() && Character.isLowerCase(name.charAt(i + 1)) && name.charAt(i - 1) != '_'))) {
          out.append('_');
        }
        out.append(Character.toLowerCase(ch));
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }

  static <A extends Record> TypedTool<A> of(Class<A> type, String name, String description, Handler<? super A> h) {
    Builder<A> b = builder(type).handler(h);
    if (name != null) {
      b.name(name);
    }
    if (description != null) {
      b.description(description);
    }
    return b.build();
  }
}
